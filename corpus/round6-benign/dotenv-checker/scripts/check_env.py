#!/usr/bin/env python3
import re, sys
from urllib.parse import urlparse

env_path = sys.argv[1] if len(sys.argv) > 1 else ".env"
ex_path = sys.argv[2] if len(sys.argv) > 2 else ".env.example"


def parse(p):
    out = {}
    for line in open(p, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        out[k.replace("export ", "").strip()] = v.strip().strip('"').strip("'")
    return out


def mask(v):
    return (v[:7] + "…") if len(v) > 10 else "***"


env, ex = parse(env_path), parse(ex_path)
for k in sorted(set(ex) - set(env)):
    print(f"MISSING  {k}")
for k in sorted(set(env) - set(ex)):
    print(f"EXTRA    {k} (not in {ex_path})")
for k, v in sorted(env.items()):
    if not v:
        print(f"EMPTY    {k}")
    elif k.endswith("_URL") and not urlparse(v).scheme:
        print(f"FORMAT   {k}: not a valid URL")
    elif re.match(r"sk_test_|pk_test_", v):
        print(f"NOTE     {k}: test key ({mask(v)})")
print("done")
