#!/usr/bin/env python3
import sys
from pathlib import Path


def keys(path):
    out = {}
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.removeprefix("export ").split("=", 1)
        out[k.strip()] = bool(v.strip().strip('"').strip("'"))
    return out


def main():
    example = sys.argv[1] if len(sys.argv) > 1 else ".env.example"
    targets = sys.argv[2:] or [".env"]
    ref = keys(example)
    bad = 0
    for t in targets:
        if not Path(t).exists():
            print(f"{t}: not found")
            continue
        k = keys(t)
        missing = sorted(set(ref) - set(k))
        extra = sorted(set(k) - set(ref))
        empty = sorted(x for x, has in k.items() if not has and x in ref)
        print(f"{t}: missing={missing or '-'} extra={extra or '-'} empty={empty or '-'}")
        bad += len(missing) + len(empty)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
