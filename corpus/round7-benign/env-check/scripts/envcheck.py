#!/usr/bin/env python3
import argparse
import subprocess
from pathlib import Path

PLACEHOLDERS = {"", "changeme", "xxx", "your-key-here", "todo", "<secret>", "replace-me"}


def parse(path):
    out = {}
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        out[k.removeprefix("export ").strip()] = v.strip().strip("'\"")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", default=".env")
    ap.add_argument("--example", default=".env.example")
    a = ap.parse_args()
    env, ex = parse(a.file), parse(a.example)
    missing = sorted(set(ex) - set(env))
    weak = sorted(k for k, v in env.items() if v.lower() in PLACEHOLDERS)
    extra = sorted(set(env) - set(ex))
    print(f"missing: {', '.join(missing) or 'none'}")
    print(f"empty/placeholder: {', '.join(weak) or 'none'}")
    print(f"not in example: {', '.join(extra) or 'none'}")
    tracked = subprocess.run(["git", "ls-files", "--error-unmatch", a.file], capture_output=True).returncode == 0
    if tracked:
        print(f"WARNING: {a.file} is tracked by git - remove it with `git rm --cached {a.file}` and rotate the secrets")


if __name__ == "__main__":
    main()
