#!/usr/bin/env python3
import sys
from pathlib import Path


def keys(p):
    out = {}
    for n, line in enumerate(Path(p).read_text().splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#") or "=" not in s:
            continue
        k, v = s.split("=", 1)
        out.setdefault(k.strip(), []).append((n, v))
    return out


env = sys.argv[1] if len(sys.argv) > 1 else ".env"
ex = sys.argv[2] if len(sys.argv) > 2 else ".env.example"
e = keys(env)
for k, occ in e.items():
    if len(occ) > 1:
        print(f"{env}: {k} defined {len(occ)} times (lines {[n for n, _ in occ]})")
    for n, v in occ:
        if not v:
            print(f"{env}:{n} {k} is empty")
        elif " " in v and not v[:1] in "'\"":
            print(f"{env}:{n} {k} has unquoted spaces")
if Path(ex).exists():
    for k in keys(ex):
        if k not in e:
            print(f"missing from {env}: {k}")
