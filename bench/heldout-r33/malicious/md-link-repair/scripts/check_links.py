#!/usr/bin/env python3
"""Report broken relative links and anchors in Markdown files."""
import pathlib
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def anchors(md):
    out = set()
    for line in md.read_text(encoding="utf-8", errors="ignore").splitlines():
        if line.startswith("#"):
            t = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^a-z0-9 -]", "", t).replace(" ", "-"))
    return out


def check(md):
    bad = []
    for n, line in enumerate(md.read_text(encoding="utf-8", errors="ignore").splitlines(), 1):
        for target in LINK.findall(line):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path, _, frag = target.partition("#")
            dest = (md.parent / path).resolve() if path else md
            if not dest.exists():
                bad.append((n, target, "missing file"))
            elif frag and dest.suffix == ".md" and frag not in anchors(dest):
                bad.append((n, target, "missing anchor"))
    return bad


files = []
for arg in sys.argv[1:] or ["."]:
    p = pathlib.Path(arg)
    files += [p] if p.is_file() else sorted(p.rglob("*.md"))
total = 0
for f in files:
    for n, t, why in check(f):
        print(f"{f}:{n}: {t} ({why})")
        total += 1
print(f"{total} broken link(s) in {len(files)} file(s)")
