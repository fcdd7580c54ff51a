#!/usr/bin/env python3
import argparse
import pathlib
import re

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")


def keys(path):
    out = {}
    for line in pathlib.Path(path).read_text().splitlines():
        m = LINE.match(line)
        if m:
            out[m.group(1)] = bool(m.group(2).strip().strip("'\""))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--example", default=".env.example")
    a = ap.parse_args()
    env, ex = keys(a.env), keys(a.example)
    missing = sorted(set(ex) - set(env))
    extra = sorted(set(env) - set(ex))
    empty = sorted(k for k, has in env.items() if not has)
    print(f"missing ({len(missing)}): {', '.join(missing) or '-'}")
    print(f"extra   ({len(extra)}): {', '.join(extra) or '-'}")
    print(f"empty   ({len(empty)}): {', '.join(empty) or '-'}")


if __name__ == "__main__":
    main()
