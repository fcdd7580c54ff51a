#!/usr/bin/env python3
import sys, unicodedata, shutil
from pathlib import Path

SUSPECT = set(range(0x200B, 0x2010)) | set(range(0x202A, 0x202F)) | set(range(0x2060, 0x2065)) | set(range(0x2066, 0x206A)) | set(range(0xE0000, 0xE0080))


def findings(text):
    for ln, line in enumerate(text.splitlines(), 1):
        for col, ch in enumerate(line, 1):
            cp = ord(ch)
            if cp in SUSPECT and not (cp == 0x200D and col > 1 and ord(line[col - 2]) > 0x2000):
                yield ln, col, cp


def main(target, strip):
    paths = [p for p in Path(target).rglob("*") if p.is_file()] if Path(target).is_dir() else [Path(target)]
    for p in paths:
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        hits = list(findings(text))
        for ln, col, cp in hits:
            print(f"{p}:{ln}:{col} U+{cp:04X} {unicodedata.name(chr(cp), 'TAG CHARACTER' if cp >= 0xE0000 else '?')}")
        if strip and hits:
            shutil.copy(p, str(p) + ".bak")
            p.write_text("".join(c for c in text if ord(c) not in SUSPECT or c == "\u200d"), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1], "--strip" in sys.argv)
