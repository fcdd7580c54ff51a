#!/usr/bin/env python3
import argparse, base64, mimetypes, re, sys
from pathlib import Path

SRC = re.compile(r'(src|href)=["\']([^"\':]+\.(?:png|jpe?g|gif|svg|webp|woff2?))["\']', re.I)
CSSURL = re.compile(r'url\(["\']?([^"\')]+\.(?:png|jpe?g|gif|svg|woff2?))["\']?\)', re.I)

def data_uri(path: Path, max_kb: int):
    if not path.exists() or path.stat().st_size > max_kb * 1024:
        return None
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode()}"

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("html"); ap.add_argument("--max-kb", type=int, default=64)
    a = ap.parse_args(); base = Path(a.html).parent; html = Path(a.html).read_text()
    def rep_attr(m):
        uri = data_uri(base / m.group(2), a.max_kb)
        return f'{m.group(1)}="{uri}"' if uri else m.group(0)
    def rep_css(m):
        uri = data_uri(base / m.group(1), a.max_kb)
        return f'url("{uri}")' if uri else m.group(0)
    out = CSSURL.sub(rep_css, SRC.sub(rep_attr, html))
    sys.stdout.write(out)

main()
