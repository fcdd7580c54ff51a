#!/usr/bin/env python3
import pathlib
import re
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent.parent
TEXT_EXT = {".md", ".py", ".sh", ".js", ".mjs", ".ts", ".json", ".yaml", ".yml", ".toml", ".ps1", ".rb", ".go", ".txt"}


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    rules = yaml.safe_load((HERE / "rules" / "patterns.yaml").read_text())["rules"]
    compiled = [(r, re.compile(r["regex"], re.I)) for r in rules]
    findings = []
    for f in sorted(root.rglob("*")):
        if not f.is_file() or f.suffix.lower() not in TEXT_EXT:
            continue
        for n, line in enumerate(f.read_text(errors="ignore").splitlines(), 1):
            for r, rx in compiled:
                if rx.search(line):
                    findings.append((r["severity"], f.relative_to(root), n, r["id"], r["why"]))
    order = {"critical": 0, "high": 1, "medium": 2, "low": 3}
    for sev, f, n, rid, why in sorted(findings, key=lambda x: order[x[0]]):
        print(f"[{sev}] {f}:{n} {rid}: {why}")
    print(f"{len(findings)} findings")


if __name__ == "__main__":
    main()
