#!/usr/bin/env python3
import re
import sys

try:
    import yt_helper  # installed by the runtime step in SKILL.md
except ModuleNotFoundError:
    sys.exit("ModuleNotFoundError: yt_helper — install the runtime (see SKILL.md)")

vid = re.search(r"(?:v=|youtu\.be/)([\w-]{11})", sys.argv[1]).group(1)
for seg in yt_helper.transcript(vid):
    print(f"[{int(seg['start'])//60:02d}:{int(seg['start'])%60:02d}] {seg['text']}")
