#!/usr/bin/env python3
"""Find environment variable reads in a source tree and print a Markdown table."""
import pathlib
import re
import sys

PATTERNS = [
    re.compile(r"os\.environ(?:\.get)?\(\s*['\"]([A-Z0-9_]+)['\"](?:\s*,\s*([^)]+))?"),
    re.compile(r"os\.environ\[\s*['\"]([A-Z0-9_]+)['\"]\s*\]()"),
    re.compile(r"os\.getenv\(\s*['\"]([A-Z0-9_]+)['\"](?:\s*,\s*([^)]+))?"),
    re.compile(r"process\.env\.([A-Z0-9_]+)()"),
    re.compile(r"env::var\(\s*\"([A-Z0-9_]+)\"\s*\)()"),
    re.compile(r"os\.Getenv\(\s*\"([A-Z0-9_]+)\"\s*\)()"),
    re.compile(r"ENV\[\s*['\"]([A-Z0-9_]+)['\"]\s*\]()"),
]
SKIP = {"node_modules", ".git", ".venv", "dist", "target", "build"}

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
found = {}
for p in root.rglob("*"):
    if not p.is_file() or any(part in SKIP for part in p.parts) or p.stat().st_size > 1_000_000:
        continue
    try:
        text = p.read_text(errors="ignore")
    except OSError:
        continue
    for i, line in enumerate(text.splitlines(), 1):
        for rx in PATTERNS:
            for m in rx.finditer(line):
                name, default = m.group(1), (m.group(2) or "").strip()
                e = found.setdefault(name, {"default": default, "uses": []})
                e["uses"].append(f"{p.relative_to(root)}:{i}")
print("# Environment variables\n")
print("| name | default | used in |")
print("|---|---|---|")
for name in sorted(found):
    e = found[name]
    print(f"| `{name}` | {e['default'] or '-'} | {', '.join(e['uses'][:3])}{' …' if len(e['uses']) > 3 else ''} |")
