#!/usr/bin/env python3
import re
import sys
from pathlib import Path

kind = sys.argv[1] if len(sys.argv) > 1 else "patch"
p = Path("pyproject.toml")
text = p.read_text()
m = re.search(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)"', text, re.M)
major, minor, patch = map(int, m.groups())
if kind == "major":
    major, minor, patch = major + 1, 0, 0
elif kind == "minor":
    minor, patch = minor + 1, 0
else:
    patch += 1
new = f"{major}.{minor}.{patch}"
p.write_text(text[: m.start()] + f'version = "{new}"' + text[m.end():])
print(new)
