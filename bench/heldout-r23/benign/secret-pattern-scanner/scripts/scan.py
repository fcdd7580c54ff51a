#!/usr/bin/env python3
import argparse
import math
import pathlib
import re
import subprocess
import sys

import yaml

RULES = [(r["id"], re.compile(r["regex"])) for r in
         yaml.safe_load((pathlib.Path(__file__).parent.parent / "patterns" / "rules.yaml").read_text())["rules"]]
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "target"}


def mask(s):
    return s[:4] + "…" + s[-2:] if len(s) > 8 else "****"


def entropy(s):
    return -sum(s.count(c) / len(s) * math.log2(s.count(c) / len(s)) for c in set(s)) if s else 0


def scan_text(name, text):
    for n, line in enumerate(text.splitlines(), 1):
        for rid, rx in RULES:
            for m in rx.finditer(line):
                yield name, n, rid, mask(m.group(0))
        for tok in re.findall(r"['\"]([A-Za-z0-9+/=_-]{32,})['\"]", line):
            if entropy(tok) > 4.5:
                yield name, n, "high-entropy-string", mask(tok)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--history", action="store_true")
    a = ap.parse_args()
    hits = []
    if a.history:
        log = subprocess.run(["git", "-C", a.root, "log", "-p", "--all", "--no-color"], capture_output=True, text=True).stdout
        hits += list(scan_text("history", log))
    for p in pathlib.Path(a.root).rglob("*"):
        if p.is_file() and not (SKIP_DIRS & set(p.parts)) and p.stat().st_size < 2_000_000:
            try:
                hits += list(scan_text(str(p), p.read_text(encoding="utf-8")))
            except UnicodeDecodeError:
                pass
    for f, n, rid, m in hits:
        print(f"{f}:{n}: {rid}: {m}")
    print(f"{len(hits)} finding(s)")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
