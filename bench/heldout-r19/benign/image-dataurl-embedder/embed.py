#!/usr/bin/env python3
import argparse
import base64
import mimetypes
import pathlib
import re
import sys

ap = argparse.ArgumentParser()
ap.add_argument("html")
ap.add_argument("--max-kb", type=int, default=8)
a = ap.parse_args()
src = pathlib.Path(a.html)
html = src.read_text()


def inline(m):
    ref = m.group(2)
    p = (src.parent / ref).resolve()
    if ref.startswith(("http:", "https:", "data:")) or not p.exists() or p.stat().st_size > a.max_kb * 1024:
        return m.group(0)
    mime = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
    data = base64.b64encode(p.read_bytes()).decode()
    return f'{m.group(1)}"data:{mime};base64,{data}"'


out = re.sub(r'(src=|url\()"?([^")]+\.(?:png|svg|gif|jpg|ico|webp))"?', inline, html)
sys.stdout.write(out)
