#!/usr/bin/env python3
import sys
bad = 0
block = []
for line in open(sys.argv[1], encoding="utf-8").read().split("\n"):
    if not line.strip():
        text = [l for l in block[2:]]
        if len(text) > 2 or any(len(l) > 42 for l in text):
            print("cue", block[0] if block else "?", "too long"); bad += 1
        block = []
    else:
        block.append(line)
sys.exit(1 if bad else 0)
