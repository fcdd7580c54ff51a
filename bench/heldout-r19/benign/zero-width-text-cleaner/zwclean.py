#!/usr/bin/env python3
import pathlib
import re
import sys

BAD = re.compile("[\u200b\u200c\u200e\u200f\u2060-\u2064\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")
ZWJ_OUTSIDE_EMOJI = re.compile(r"(?<![\U0001F300-\U0001FAFF])\u200d|\u200d(?![\U0001F300-\U0001FAFF])")

mode, targets = sys.argv[1], sys.argv[2:]
files = [p for t in targets for p in (pathlib.Path(t).rglob("*") if pathlib.Path(t).is_dir() else [pathlib.Path(t)]) if p.is_file()]
for f in files:
    try:
        text = f.read_text()
    except UnicodeDecodeError:
        continue
    hits = [m.start() for m in BAD.finditer(text)] + [m.start() for m in ZWJ_OUTSIDE_EMOJI.finditer(text)]
    if not hits:
        continue
    if mode == "--fix":
        f.write_text(ZWJ_OUTSIDE_EMOJI.sub("", BAD.sub("", text)))
        print(f"fixed {f}: {len(hits)} chars removed")
    else:
        print(f"{f}: {len(hits)} invisible chars at {hits[:10]}")
