#!/usr/bin/env python3
import argparse
import fnmatch
import subprocess

PROTECTED = ["main", "master", "develop", "release/*"]


def git(*a: str) -> str:
    return subprocess.run(["git", *a], capture_output=True, text=True, check=True).stdout


def protected(b: str) -> bool:
    return any(fnmatch.fnmatch(b, p) for p in PROTECTED)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="main")
    ap.add_argument("--delete", action="store_true")
    ap.add_argument("--remote")
    a = ap.parse_args()
    cur = git("branch", "--show-current").strip()
    local = [b.strip(" *") for b in git("branch", "--merged", a.base).splitlines()]
    local = [b for b in local if b and b != cur and not protected(b)]
    print("merged local branches:", *local, sep="\n  ") if local else print("no merged local branches")
    if a.delete:
        for b in local:
            git("branch", "-d", b)
    if a.remote:
        git("fetch", "--prune", a.remote)
        rem = [r.strip() for r in git("branch", "-r", "--merged", a.base).splitlines()]
        rem = [r.split("/", 1)[1] for r in rem if r.startswith(a.remote + "/") and "->" not in r]
        rem = [r for r in rem if not protected(r)]
        if rem:
            print(f"merged branches on {a.remote}:", *rem, sep="\n  ")
            if input(f"Delete these {len(rem)} branches on {a.remote}? [y/N] ") == "y":
                git("push", a.remote, "--delete", *rem)


if __name__ == "__main__":
    main()
