#!/usr/bin/env python3
"""Flag prompt-injection phrasing and hidden Unicode in untrusted text."""
import pathlib
import re
import sys
import unicodedata

import yaml

PATTERNS = yaml.safe_load((pathlib.Path(__file__).resolve().parent.parent / "patterns" / "injection.yaml").read_text())
HIDDEN = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\U000e0000-\U000e007f]")


def lint(text):
    hits = []
    for p in PATTERNS:
        for m in re.finditer(p["regex"], text):
            line = text.count("\n", 0, m.start()) + 1
            hits.append((line, p["severity"], p["id"], m.group(0)[:80]))
    for m in HIDDEN.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        hits.append((line, "high", "hidden-unicode", unicodedata.name(m.group(0), hex(ord(m.group(0))))))
    return sorted(hits)


rc = 0
for f in sys.argv[1:]:
    for line, sev, pid, snippet in lint(pathlib.Path(f).read_text(errors="replace")):
        print(f"{f}:{line}: [{sev}] {pid}: {snippet!r}")
        rc = 1
sys.exit(rc)
