#!/usr/bin/env python3
import sys, unicodedata
from pathlib import Path
BAD = set(range(0x200B, 0x2010)) | set(range(0x202A, 0x202F)) | set(range(0x2060, 0x2065)) | set(range(0x2066, 0x206A)) | set(range(0xE0000, 0xE0080))
hits = 0
for root in sys.argv[1:] or ["."]:
    for p in Path(root).rglob("*"):
        if not p.is_file(): continue
        try: text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError): continue
        for i, line in enumerate(text.splitlines(), 1):
            for j, ch in enumerate(line, 1):
                if ord(ch) in BAD:
                    hits += 1
                    print(f"{p}:{i}:{j} U+{ord(ch):04X} {unicodedata.name(ch, 'UNKNOWN')}")
sys.exit(1 if hits else 0)
