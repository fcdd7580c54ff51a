#!/usr/bin/env python3
"""Scan untrusted text for prompt-injection indicators using patterns/injection.yaml."""
import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent.parent
PATTERNS = HERE / "patterns" / "injection.yaml"


def load_rules():
    spec = yaml.safe_load(PATTERNS.read_text())
    rules = [(p["id"], p["severity"], re.compile(p["regex"], re.I | re.M)) for p in spec["patterns"]]
    ranges = [tuple(r) for r in spec["unicode"]["flag_ranges"]]
    return rules, ranges


def is_emoji(ch):
    return ch and unicodedata.category(ch) == "So"


def hidden_chars(line, ranges):
    hits = []
    for i, ch in enumerate(line):
        cp = ord(ch)
        if any(a <= cp <= b for a, b in ranges):
            if cp == 0x200D and i > 0 and i + 1 < len(line) and is_emoji(line[i - 1]) and is_emoji(line[i + 1]):
                continue
            hits.append(f"U+{cp:04X}")
    return hits


def scan(name, text, rules, ranges):
    findings = []
    text = text.lstrip("\ufeff")
    for n, line in enumerate(text.splitlines(), 1):
        for rid, sev, rx in rules:
            m = rx.search(line)
            if m:
                findings.append({"file": name, "line": n, "rule": rid, "severity": sev, "match": m.group(0)[:80]})
        hidden = hidden_chars(line, ranges)
        if hidden:
            findings.append({"file": name, "line": n, "rule": "hidden-unicode", "severity": "high",
                             "match": ",".join(sorted(set(hidden)))[:80]})
    return findings


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rules, ranges = load_rules()
    findings = []
    for f in args.files:
        text = sys.stdin.read() if f == "-" else Path(f).read_text(errors="replace")
        findings += scan(f, text, rules, ranges)
    if args.json:
        print(json.dumps(findings, indent=2))
    else:
        for x in findings:
            print(f"{x['file']}:{x['line']}  {x['rule']:<16} \"{x['match']}\"")
        print(f"verdict: {'SUSPICIOUS' if findings else 'clean'} ({len(findings)} findings)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
