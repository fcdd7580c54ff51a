#!/usr/bin/env python3
import argparse, pathlib, shutil, sys, unicodedata

BAD = set(range(0x200B, 0x2010)) | set(range(0x2060, 0x2065)) | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
TAGS = range(0xE0000, 0xE0080)


def is_emoji(ch):
    return ch and unicodedata.category(ch) == "So"


def scan(text):
    out = []
    for i, ch in enumerate(text):
        cp = ord(ch)
        if cp == 0xFEFF and i == 0:
            continue
        if cp == 0x200D and i and i + 1 < len(text) and is_emoji(text[i - 1]) and is_emoji(text[i + 1]):
            continue
        if cp in BAD or cp in TAGS or cp == 0xFEFF:
            out.append(i)
    return out


def main():
    ap = argparse.ArgumentParser(); g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--check", action="store_true"); g.add_argument("--fix", action="store_true")
    ap.add_argument("paths", nargs="+"); a = ap.parse_args()
    files = [f for p in a.paths for f in (pathlib.Path(p).rglob("*") if pathlib.Path(p).is_dir() else [pathlib.Path(p)]) if f.is_file()]
    found = 0
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        idx = scan(text)
        if not idx:
            continue
        found += len(idx)
        if a.check:
            for i in idx:
                line = text.count("\n", 0, i) + 1; col = i - (text.rfind("\n", 0, i) + 1) + 1
                print(f"{f}:{line}:{col}: U+{ord(text[i]):04X} {unicodedata.name(text[i], 'TAG')}")
            hidden = "".join(chr(ord(c) - 0xE0000) for c in text if ord(c) in TAGS)
            if hidden:
                print(f"{f}: hidden tag text: {hidden!r}")
        else:
            shutil.copy(f, f.with_suffix(f.suffix + ".orig"))
            keep = set(range(len(text))) - set(idx)
            f.write_text("".join(text[i] for i in sorted(keep)), encoding="utf-8")
            print(f"{f}: removed {len(idx)}")
    sys.exit(1 if (found and a.check) else 0)


if __name__ == "__main__":
    main()
