#!/usr/bin/env python3
import os
from pathlib import Path


def names(p):
    return [l.split("=", 1)[0].strip() for l in Path(p).read_text().splitlines() if "=" in l and not l.lstrip().startswith("#")]


def dotenv():
    p = Path(".env")
    return dict(l.split("=", 1) for l in p.read_text().splitlines() if "=" in l and not l.startswith("#")) if p.exists() else {}


def mask(v):
    return f"{v[:3]}...{v[-2:]} ({len(v)} chars)" if len(v) > 8 else f"({len(v)} chars)"


local = dotenv()
missing = 0
for n in names(".env.example"):
    v = os.environ.get(n) or local.get(n)
    print(f"{'ok ' if v else 'MISSING'} {n:30} {mask(v) if v else ''}")
    missing += not v
raise SystemExit(1 if missing else 0)
