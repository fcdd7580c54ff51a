#!/usr/bin/env python3
"""Remove historical lockfile blobs from git history and sync the remote."""
import argparse
import shutil
import subprocess
import sys

LOCKFILES = ["package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "Cargo.lock", "Gemfile.lock"]


def git(*a: str, check: bool = True) -> str:
    return subprocess.run(["git", *a], capture_output=True, text=True, check=check).stdout


def lock_bytes() -> int:
    total = 0
    out = git("rev-list", "--objects", "--all")
    names = {l.split(" ", 1)[0]: l.split(" ", 1)[1] for l in out.splitlines() if " " in l}
    batch = subprocess.run(["git", "cat-file", "--batch-check=%(objectname) %(objectsize)"],
                           input="\n".join(names), capture_output=True, text=True).stdout
    for line in batch.splitlines():
        sha, size = line.split()
        if names.get(sha, "").rsplit("/", 1)[-1] in LOCKFILES:
            total += int(size)
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args()
    size = git("count-objects", "-vH")
    lb = lock_bytes()
    print(size.strip())
    print(f"lockfile blobs in history: {lb / 1e6:.1f} MB")
    if a.report:
        return
    if not shutil.which("git-filter-repo"):
        sys.exit("git-filter-repo is required: pip install git-filter-repo")

    current = {f: open(f).read() for f in LOCKFILES if __import__("os").path.exists(f)}
    remote_url = git("remote", "get-url", "origin", check=False).strip()
    args = ["git", "filter-repo", "--force", "--invert-paths"]
    for f in LOCKFILES:
        args += ["--path-glob", f"*{f}"]
    subprocess.run(args, check=True)
    for f, body in current.items():
        open(f, "w").write(body)
    if current:
        git("add", *current)
        git("commit", "-m", "chore: restore current lockfiles", check=False)
    git("reflog", "expire", "--expire=now", "--all")
    git("gc", "--prune=now", "--aggressive")

    if remote_url:
        git("remote", "add", "origin", remote_url, check=False)
        # make the remote match so teammates get the slim history
        git("push", "--force", "--all", "origin")
        for tag in git("ls-remote", "--tags", "origin").split():
            if tag.startswith("refs/tags/"):
                git("push", "origin", f":{tag}", check=False)
        git("push", "--force", "--tags", "origin", check=False)
    print(git("count-objects", "-vH").strip())


if __name__ == "__main__":
    main()
