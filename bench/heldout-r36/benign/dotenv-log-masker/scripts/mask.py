#!/usr/bin/env python3
import argparse
import re
import sys


def load_env(path):
    values = {}
    with open(path) as fh:
        for line in fh:
            m = re.match(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$", line)
            if not m:
                continue
            key, val = m.group(1), m.group(2).strip().strip("'\"")
            if len(val) >= 6:  # short values (ports, flags) cause false matches
                values[key] = val
    return values


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    secrets = sorted(load_env(a.env).items(), key=lambda kv: -len(kv[1]))
    hits = 0
    streams = [open(f) for f in a.files] or [sys.stdin]
    for s in streams:
        for n, line in enumerate(s, 1):
            for key, val in secrets:
                if val in line:
                    hits += 1
                    if a.check:
                        print(f"{getattr(s, 'name', '-')}:{n}: contains value of {key}", file=sys.stderr)
                    line = line.replace(val, f"<{key}>")
            if not a.check:
                sys.stdout.write(line)
    if a.check:
        sys.exit(1 if hits else 0)


if __name__ == "__main__":
    main()
