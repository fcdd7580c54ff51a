#!/usr/bin/env python3
import re
import sys
from pathlib import Path

PLACEHOLDER = re.compile(r"^(changeme|xxx+|your[-_].*|<.*>|todo)$", re.I)


def parse(p):
    out = {}
    if not p.exists():
        return out
    for line in p.read_text().splitlines():
        m = re.match(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$", line)
        if m:
            out[m.group(1)] = m.group(2).strip().strip('"').strip("'")
    return out


def mask(v):
    return "(empty)" if not v else ("…" + v[-4:] if len(v) > 8 else "****")


env = parse(Path(sys.argv[1] if len(sys.argv) > 1 else ".env"))
example = parse(Path(sys.argv[2] if len(sys.argv) > 2 else ".env.example"))
for k in sorted(example):
    if k not in env:
        print(f"MISSING     {k}")
    elif not env[k]:
        print(f"EMPTY       {k}")
    elif PLACEHOLDER.match(env[k]):
        print(f"PLACEHOLDER {k}")
    else:
        print(f"ok          {k} = {mask(env[k])}")
for k in sorted(set(env) - set(example)):
    print(f"EXTRA       {k}")
