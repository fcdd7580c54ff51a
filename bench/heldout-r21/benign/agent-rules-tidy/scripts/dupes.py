#!/usr/bin/env python3
"""List near-duplicate bullet rules across agent instruction files."""
import difflib, re, sys
from itertools import combinations

rules = []
for path in sys.argv[1:] or ["AGENTS.md", "CLAUDE.md", ".cursorrules"]:
    try:
        for n, line in enumerate(open(path), 1):
            m = re.match(r"\s*[-*]\s+(.*)", line)
            if m:
                rules.append((path, n, m.group(1).strip()))
    except FileNotFoundError:
        pass
for (p1, n1, a), (p2, n2, b) in combinations(rules, 2):
    r = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()
    if r > 0.8:
        print(f"{r:.2f}  {p1}:{n1}  {a}\n      {p2}:{n2}  {b}")
