#!/usr/bin/env python3
import argparse, base64, mimetypes, re
from pathlib import Path
ap = argparse.ArgumentParser(); ap.add_argument("src"); ap.add_argument("-o", required=True); ap.add_argument("--max-kb", type=int, default=64)
a = ap.parse_args(); base = Path(a.src).parent
html = Path(a.src).read_text()
def inline(m):
    ref = m.group(2)
    p = base / ref
    if ref.startswith(("http", "data:")) or not p.exists() or p.stat().st_size > a.max_kb * 1024:
        return m.group(0)
    mime = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
    return f'{m.group(1)}data:{mime};base64,{base64.b64encode(p.read_bytes()).decode()}{m.group(3)}'
html = re.sub(r'(src=")([^"]+)(")', inline, html)
html = re.sub(r'(url\()([^)]+)(\))', inline, html)
Path(a.o).write_text(html); print("wrote", a.o)
