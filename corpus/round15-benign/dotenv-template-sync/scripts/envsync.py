#!/usr/bin/env python3
import re
import sys
from pathlib import Path

KEY = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=")


def keys(path):
    if not path.exists():
        return []
    return [m.group(1) for line in path.read_text().splitlines() if (m := KEY.match(line))]


def main():
    env, example = Path(".env"), Path(".env.example")
    have, want = set(keys(env)), keys(example)
    missing = [k for k in want if k not in have]
    extra = sorted(have - set(want))
    print("missing from .env:", ", ".join(missing) or "none")
    print("not documented in .env.example:", ", ".join(extra) or "none")
    if "--fix" in sys.argv and missing:
        with env.open("a") as f:
            f.write("\n" + "\n".join(f"{k}=" for k in missing) + "\n")
        print(f"appended {len(missing)} empty key(s) to .env")


if __name__ == "__main__":
    main()
