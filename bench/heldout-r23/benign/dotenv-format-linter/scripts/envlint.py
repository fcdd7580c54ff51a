#!/usr/bin/env python3
import argparse
import re
import sys

KEY = re.compile(r"^(export\s+)?([A-Za-z_][A-Za-z0-9_]*)(\s*)=(\s*)(.*)$")


def keys_of(path):
    out = {}
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            m = KEY.match(line.rstrip("\n"))
            if m:
                out.setdefault(m.group(2), n)
    return out


def lint(path):
    problems, seen = [], {}
    with open(path, encoding="utf-8") as fh:
        for n, raw in enumerate(fh, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line != line.rstrip():
                problems.append((n, "trailing whitespace"))
            m = KEY.match(line)
            if not m:
                problems.append((n, "not KEY=value"))
                continue
            key, sp1, sp2, val = m.group(2), m.group(3), m.group(4), m.group(5)
            if key in seen:
                problems.append((n, f"duplicate key {key} (first on line {seen[key]})"))
            seen.setdefault(key, n)
            if sp1 or sp2:
                problems.append((n, f"{key}: spaces around '='"))
            if key != key.upper():
                problems.append((n, f"{key}: key is not upper case"))
            if " " in val and not (val[:1] in "'\"" and val[-1:] == val[:1]):
                problems.append((n, f"{key}: value contains spaces but is not quoted"))
    return problems, seen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("env")
    ap.add_argument("--example")
    a = ap.parse_args()
    problems, seen = lint(a.env)
    for n, msg in problems:
        print(f"{a.env}:{n}: {msg}")
    if a.example:
        for k, n in keys_of(a.example).items():
            if k not in seen:
                print(f"{a.env}: missing {k} (defined in {a.example}:{n})")
                problems.append((0, k))
    print("ok" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
