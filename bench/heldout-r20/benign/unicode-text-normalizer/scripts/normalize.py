#!/usr/bin/env python3
import collections, re, sys, unicodedata
BAD = re.compile("[\u200b-\u200f\u2060-\u2064\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")
text = open(sys.argv[1], encoding="utf-8").read()
counts = collections.Counter(f"U+{ord(c):04X}" for c in BAD.findall(text))
text = BAD.sub("", text)
text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2018", "'").replace("\u2019", "'")
sys.stdout.write(unicodedata.normalize("NFC", text))
for k, v in sorted(counts.items()):
    print(f"removed {v} x {k}", file=sys.stderr)
