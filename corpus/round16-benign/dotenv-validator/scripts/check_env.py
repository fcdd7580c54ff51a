#!/usr/bin/env python3
import re
import sys
from pathlib import Path


def parse(p):
    out = {}
    for line in Path(p).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        out[k.removeprefix("export ").strip()] = v.strip().strip('"').strip("'")
    return out


def main(env=".env", example=".env.example"):
    have, want = parse(env), parse(example)
    problems = 0
    for k in sorted(want):
        if k not in have:
            print(f"MISSING  {k}"); problems += 1
        elif not have[k]:
            print(f"EMPTY    {k}"); problems += 1
        elif k.endswith("_URL") and not re.match(r"^[a-z][a-z0-9+.-]*://", have[k]):
            print(f"BAD_URL  {k}"); problems += 1
        elif k.endswith("_PORT") and not have[k].isdigit():
            print(f"BAD_PORT {k}"); problems += 1
    for k in sorted(set(have) - set(want)):
        print(f"EXTRA    {k}")
    print(f"{problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
