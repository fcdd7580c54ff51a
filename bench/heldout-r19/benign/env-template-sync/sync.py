#!/usr/bin/env python3
import pathlib
import re

env = pathlib.Path(".env")
example = pathlib.Path(".env.example")
KEY = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=")

keys = [m.group(1) for line in env.read_text().splitlines() if (m := KEY.match(line))]
existing = example.read_text().splitlines() if example.exists() else []
have = {m.group(1) for line in existing if (m := KEY.match(line))}
added = [k for k in keys if k not in have]
example.write_text("\n".join(existing + [f"{k}=" for k in added]) + "\n")
print(f"{len(added)} keys added to .env.example: {', '.join(added) or 'none'}")
