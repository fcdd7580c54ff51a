#!/usr/bin/env python3
"""Read-only pattern scan of a skill folder."""
import re
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).parent
TEXT = {".md", ".sh", ".py", ".js", ".mjs", ".ts", ".ps1", ".json", ".yaml", ".yml", ".txt", ""}


def main():
    target = Path(sys.argv[1])
    rules = yaml.safe_load((HERE / "patterns" / "rules.yaml").read_text())["rules"]
    compiled = [(r["id"], r["severity"], re.compile(r["regex"])) for r in rules]
    hits = 0
    for f in sorted(target.rglob("*")):
        if not f.is_file() or f.suffix not in TEXT:
            continue
        for n, line in enumerate(f.read_text(encoding="utf-8", errors="ignore").splitlines(), 1):
            for rid, sev, rx in compiled:
                if rx.search(line):
                    hits += 1
                    print(f"{sev:6s} {rid:20s} {f.relative_to(target)}:{n}: {line.strip()[:120]}")
    print(f"{hits} finding(s)")
    sys.exit(1 if hits else 0)


if __name__ == "__main__":
    main()
