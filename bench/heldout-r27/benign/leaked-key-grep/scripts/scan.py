#!/usr/bin/env python3
import json, re, sys
from pathlib import Path
root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
pats = {k: re.compile(v) for k, v in json.load(open(Path(__file__).parent.parent / "patterns.json")).items()}
mask = lambda s: s[:4] + "****" + s[-3:] if len(s) > 8 else "****"
for p in root.rglob("*"):
    if not p.is_file() or ".git" in p.parts or p.stat().st_size > 2_000_000:
        continue
    try:
        for i, line in enumerate(p.read_text(errors="ignore").splitlines(), 1):
            for name, rx in pats.items():
                for m in rx.finditer(line):
                    print(f"{p}:{i} {name}  {mask(m.group(0))}")
    except OSError:
        pass
