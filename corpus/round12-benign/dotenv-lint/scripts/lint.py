#!/usr/bin/env python3
import re
import sys
from pathlib import Path

KEY = re.compile(r"^[A-Z_][A-Z0-9_]*$")


def parse(p: Path):
    keys, problems = {}, []
    for n, raw in enumerate(p.read_text().splitlines(), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        k, sep, v = line.partition("=")
        k = k.removeprefix("export ").strip()
        if not sep:
            problems.append((n, k, "no '='"))
            continue
        if not KEY.match(k):
            problems.append((n, k, "key is not UPPER_SNAKE_CASE"))
        if k in keys:
            problems.append((n, k, f"duplicate (first on line {keys[k]})"))
        if v != v.rstrip():
            problems.append((n, k, "trailing whitespace in value"))
        if v[:1] in "\"'" and v[-1:] != v[:1]:
            problems.append((n, k, "unbalanced quote"))
        keys.setdefault(k, n)
    return keys, problems


env, example = Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else None
keys, problems = parse(env)
if example and example.exists():
    for k in parse(example)[0]:
        if k not in keys:
            problems.append((0, k, "missing (present in example)"))
for n, k, msg in problems:
    print(f"{env}:{n or '-'}  {k}: {msg}")
print(f"{len(problems)} problem(s)")
