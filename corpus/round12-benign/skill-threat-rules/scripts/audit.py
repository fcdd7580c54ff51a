#!/usr/bin/env python3
import re
import sys
from pathlib import Path

import yaml

rules = yaml.safe_load((Path(__file__).parent.parent / "rules" / "threats.yaml").read_text())["rules"]
root = Path(sys.argv[1]).expanduser()
hits = 0
for f in root.rglob("*"):
    if not f.is_file() or f.stat().st_size > 1_000_000:
        continue
    text = f.read_text(errors="ignore")
    for r in rules:
        for m in re.finditer(r["pattern"], text):
            line = text.count("\n", 0, m.start()) + 1
            print(f"[{r['severity']:8}] {r['id']:15} {f.relative_to(root)}:{line}  {m.group(0)[:60]}")
            hits += 1
print(f"{hits} finding(s)")
