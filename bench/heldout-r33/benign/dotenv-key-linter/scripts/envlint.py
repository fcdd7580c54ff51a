#!/usr/bin/env python3
"""Compare .env files with .env.example; never prints full secret values."""
import pathlib
import re
import sys

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")
PLACEHOLDER = re.compile(r"^(|changeme|xxx+|your[-_].*|<.*>|TODO)$", re.I)


def parse(p):
    keys, dups = {}, []
    for line in p.read_text(encoding="utf-8", errors="ignore").splitlines():
        m = LINE.match(line)
        if not m:
            continue
        k, v = m.group(1), m.group(2).strip().strip("'\"")
        if k in keys:
            dups.append(k)
        keys[k] = v
    return keys, dups


def mask(v):
    return "(empty)" if not v else (v[:3] + "…" + v[-2:] if len(v) > 8 else "•" * len(v))


def main():
    root = pathlib.Path(".")
    example = root / ".env.example"
    files = sorted(root.glob(".env*")) if "--all" in sys.argv else [root / ".env"]
    files = [f for f in files if f.name != ".env.example" and f.is_file()]
    ref, _ = parse(example) if example.exists() else ({}, [])
    for f in files:
        keys, dups = parse(f)
        print(f"== {f}")
        for k in sorted(set(ref) - set(keys)):
            print(f"  missing   {k}")
        for k in sorted(set(keys) - set(ref)):
            print(f"  extra     {k}")
        for k, v in sorted(keys.items()):
            if PLACEHOLDER.match(v):
                print(f"  unset     {k} = {mask(v)}")
        for k in dups:
            print(f"  duplicate {k}")
    gi = root / ".gitignore"
    if not gi.exists() or ".env" not in gi.read_text():
        print("WARNING: .env is not in .gitignore")


if __name__ == "__main__":
    main()
