#!/usr/bin/env python3
import json
import re
import sys


def parse(path):
    text = open(path, encoding="utf-8-sig").read().replace("\r\n", "\n")
    cues = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.split("\n")
        if len(lines) >= 3 and "-->" in lines[1]:
            cues.append({"n": int(lines[0]), "time": lines[1], "text": "\n".join(lines[2:])})
    return cues


def write(cues, out):
    with open(out, "w", encoding="utf-8") as f:
        for c in cues:
            f.write(f"{c['n']}\n{c['time']}\n{c['text']}\n\n")


if __name__ == "__main__":
    if sys.argv[1] == "parse":
        print(json.dumps(parse(sys.argv[2]), ensure_ascii=False, indent=1))
    elif sys.argv[1] == "write":
        write(json.load(open(sys.argv[2], encoding="utf-8")), sys.argv[3])
