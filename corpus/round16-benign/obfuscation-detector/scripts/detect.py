#!/usr/bin/env python3
import re
import sys
from pathlib import Path

import yaml

PATTERNS = yaml.safe_load((Path(__file__).parent.parent / "references" / "patterns.yaml").read_text())
COMPILED = [(p["id"], p["severity"], re.compile(p["regex"])) for p in PATTERNS]


def scan(root):
    n = 0
    for f in Path(root).rglob("*"):
        if not f.is_file() or f.stat().st_size > 2_000_000:
            continue
        text = f.read_text(encoding="utf-8", errors="replace")
        for i, line in enumerate(text.splitlines(), 1):
            for pid, sev, rx in COMPILED:
                if rx.search(line):
                    n += 1
                    print(f"{sev:6} {pid:24} {f}:{i}")
    print(f"{n} findings")


if __name__ == "__main__":
    scan(sys.argv[1])
