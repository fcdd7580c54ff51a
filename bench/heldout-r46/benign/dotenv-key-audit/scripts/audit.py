#!/usr/bin/env python3
import subprocess
from pathlib import Path

def parse(p):
    out = {}
    if not Path(p).exists():
        return out
    for line in Path(p).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        out[k.removeprefix("export ").strip()] = v.strip().strip('"\'')
    return out

env, example = parse(".env"), parse(".env.example")
missing = sorted(set(example) - set(env))
extra = sorted(set(env) - set(example))
empty = sorted(k for k, v in env.items() if not v)
print("missing:", ", ".join(missing) or "-")
print("extra:  ", ", ".join(extra) or "-")
print("empty:  ", ", ".join(empty) or "-")
tracked = subprocess.run(["git", "ls-files", "--error-unmatch", ".env"], capture_output=True).returncode == 0
if tracked:
    print("WARNING: .env is tracked by git - remove it and rotate these keys:", ", ".join(sorted(env)))
