#!/usr/bin/env python3
"""Inline local assets into an HTML file as data URIs."""
import argparse
import base64
import mimetypes
import re
import urllib.parse
from pathlib import Path


def data_uri(path: Path) -> str:
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    raw = path.read_bytes()
    if mime == "image/svg+xml":
        enc = "data:image/svg+xml," + urllib.parse.quote(raw.decode("utf-8"))
        b64 = f"data:{mime};base64," + base64.b64encode(raw).decode()
        return min(enc, b64, key=len)
    return f"data:{mime};base64," + base64.b64encode(raw).decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("html", type=Path)
    ap.add_argument("-o", "--out", type=Path)
    ap.add_argument("--max-kb", type=int, default=32)
    a = ap.parse_args()
    base = a.html.parent
    html = a.html.read_text(encoding="utf-8")

    def repl(m):
        ref = m.group(2)
        if re.match(r"^(https?:|data:|//)", ref):
            return m.group(0)
        p = (base / ref).resolve()
        if not p.is_file() or p.stat().st_size > a.max_kb * 1024:
            return m.group(0)
        return f"{m.group(1)}{data_uri(p)}{m.group(3)}"

    html = re.sub(r'(src=")([^"]+)(")', repl, html)
    html = re.sub(r"(url\(['\"]?)([^)'\"]+)(['\"]?\))", repl, html)
    out = a.out or a.html.with_suffix(".single.html")
    out.write_text(html, encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size/1024:.0f} KB)")


if __name__ == "__main__":
    main()
