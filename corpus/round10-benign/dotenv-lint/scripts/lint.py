#!/usr/bin/env python3
import sys
from collections import Counter


def keys(path):
    out = []
    with open(path, encoding="utf-8", errors="ignore") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                out.append((k.strip().removeprefix("export ").strip(), bool(v.strip().strip('"\''))))
    return out


def main():
    env, example = (sys.argv[1:3] + [".env", ".env.example"][len(sys.argv[1:3]):])[:2]
    have = keys(env)
    want = {k for k, _ in keys(example)}
    names = [k for k, _ in have]
    missing = sorted(want - set(names))
    empty = sorted(k for k, filled in have if not filled)
    dups = sorted(k for k, c in Counter(names).items() if c > 1)
    extra = sorted(set(names) - want)
    print(f"missing: {', '.join(missing) or '-'}")
    print(f"empty:   {', '.join(empty) or '-'}")
    print(f"dupes:   {', '.join(dups) or '-'}")
    print(f"extra:   {', '.join(extra) or '-'}")
    sys.exit(1 if missing or dups else 0)


if __name__ == "__main__":
    main()
