#!/usr/bin/env python3
import re, sys, yaml
from pathlib import Path
rules = yaml.safe_load((Path(__file__).parent.parent / "patterns" / "injection.yaml").read_text())
text = sys.stdin.read()
score = 0
for r in rules:
    if re.search(r["regex"], text, re.I | re.M):
        print(f"match {r['id']} (+{r['weight']})"); score += r["weight"]
print("score", score, "UNSAFE" if score >= 3 else "ok")
sys.exit(1 if score >= 3 else 0)
