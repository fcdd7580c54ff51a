#!/usr/bin/env python3
import json, re, sys

TS = re.compile(r"(\d{2}):(\d{2}):(\d{2})[.,](\d{3}) --> ")

def parse_vtt(text):
    segs, cur = [], None
    for line in text.splitlines():
        m = TS.match(line)
        if m:
            h, mi, s, _ = map(int, m.groups())
            cur = {"start": h * 3600 + mi * 60 + s, "text": ""}
            segs.append(cur)
        elif cur is not None and line.strip():
            cur["text"] += (" " if cur["text"] else "") + line.strip()
    return segs

if __name__ == "__main__":
    print(json.dumps(parse_vtt(open(sys.argv[1], encoding="utf-8").read()), indent=1))
