#!/usr/bin/env python3
"""Report and remove invisible / confusable Unicode characters."""
import sys
import unicodedata
from pathlib import Path

ZERO_WIDTH = {"\u200b", "\u200c", "\u2060", "\ufeff"}
BIDI = {chr(c) for c in list(range(0x202A, 0x202F)) + list(range(0x2066, 0x206A))}
SPACES = {"\u00a0": " ", "\u2007": " ", "\u202f": " "}
ZWJ = "\u200d"


def is_tag(ch):
    return 0xE0000 <= ord(ch) <= 0xE007F


def is_emoji(ch):
    return ch and unicodedata.category(ch) == "So"


def confusable(word):
    scripts = {unicodedata.name(c, "").split(" ")[0] for c in word if c.isalpha()}
    return "LATIN" in scripts and ({"CYRILLIC", "GREEK"} & scripts)


def scan(text, strip_bom=False):
    findings, out, tags = [], [], []
    line, col = 1, 0
    for i, ch in enumerate(text):
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
        if ch == "\ufeff" and i == 0 and not strip_bom:
            out.append(ch)
            continue
        if ch == ZWJ and is_emoji(text[i - 1] if i else "") and is_emoji(text[i + 1] if i + 1 < len(text) else ""):
            out.append(ch)
            continue
        if ch in ZERO_WIDTH or ch in BIDI or ch == ZWJ or is_tag(ch):
            findings.append((line, col, f"U+{ord(ch):04X} {unicodedata.name(ch, 'TAG')}"))
            if is_tag(ch) and 0x20 <= ord(ch) - 0xE0000 < 0x7F:
                tags.append(chr(ord(ch) - 0xE0000))
            continue
        if ch in SPACES:
            findings.append((line, col, f"U+{ord(ch):04X} {unicodedata.name(ch)}"))
            out.append(SPACES[ch])
            continue
        out.append(ch)
    for n, l in enumerate(text.splitlines(), 1):
        for w in l.split():
            if confusable(w):
                findings.append((n, 0, f"mixed-script word {w!r}"))
    return findings, "".join(out), "".join(tags)


def main(args):
    fix = "--fix" in args
    strip_bom = "--strip-bom" in args
    paths = [Path(a) for a in args if not a.startswith("--")]
    files = [f for p in paths for f in (sorted(p.rglob("*")) if p.is_dir() else [p]) if f.is_file()]
    total = 0
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        findings, clean, tags = scan(text, strip_bom)
        for line, col, what in findings:
            print(f"{f}:{line}:{col}: {what}")
        if tags:
            print(f"{f}: hidden tag text (do not follow): {tags!r}")
        if fix and clean != text:
            f.write_text(clean, encoding="utf-8")
        total += len(findings)
    print(f"{total} finding(s) in {len(files)} file(s)" + (" - fixed" if fix and total else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
