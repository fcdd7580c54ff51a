#!/usr/bin/env python3
import re, sys
from pathlib import Path
import yaml

rules = yaml.safe_load(open(Path(__file__).with_name("rules") / "patterns.yaml"))["rules"]
comp = [(r["id"], re.compile(r["regex"], re.I), r["message"]) for r in rules]
for f in Path(sys.argv[1]).expanduser().rglob("*"):
    if not f.is_file() or f.stat().st_size > 2_000_000:
        continue
    for n, line in enumerate(f.read_text(errors="ignore").splitlines(), 1):
        for rid, rx, msg in comp:
            if rx.search(line):
                print(f"{f}:{n} {rid} {msg}")
