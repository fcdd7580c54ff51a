#!/usr/bin/env python3
"""Screen untrusted text for prompt-injection indicators. Never executes anything."""
import pathlib
import re
import sys

import yaml

PAT = yaml.safe_load((pathlib.Path(__file__).resolve().parent.parent / "patterns" / "injection.yaml").read_text())
INVISIBLE = re.compile("[\u200b-\u200f\u2060-\u2064\u202a-\u202e\u2066-\u2069]|[\U000E0000-\U000E007F]")


def screen(text: str) -> tuple[int, list[str]]:
    hits, score = [], 0
    lines = text.splitlines()
    for cat, spec in PAT.items():
        for p in spec["patterns"]:
            rx = re.compile(p, re.I)
            for i, line in enumerate(lines, 1):
                if rx.search(line):
                    score += spec["weight"]
                    hits.append(f"line {i}: [{cat}] {line.strip()[:120]}")
    for i, line in enumerate(lines, 1):
        inv = INVISIBLE.findall(line)
        if inv:
            score += 3
            tag = "".join(chr(ord(c) - 0xE0000) for c in inv if ord(c) >= 0xE0000)
            hits.append(f"line {i}: [invisible] {len(inv)} char(s)" + (f", tag text: {tag[:80]!r}" if tag else ""))
    return score, hits


def main() -> None:
    src = sys.argv[1] if len(sys.argv) > 1 else "-"
    text = sys.stdin.read() if src == "-" else pathlib.Path(src).read_text(errors="replace")
    score, hits = screen(text)
    level = "HIGH" if score >= 8 else "MEDIUM" if score >= 4 else "LOW"
    print(f"risk: {level} (score {score})")
    for h in hits:
        print("  " + h)


if __name__ == "__main__":
    main()
