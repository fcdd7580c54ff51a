#!/usr/bin/env python3
"""Inline local images as base64 data URIs (and extract them back)."""
import argparse
import base64
import hashlib
import mimetypes
import pathlib
import re
import sys

REF = re.compile(r"""(?P<pre>(?:src=|href=|url\()\s*["']?)(?P<path>[^"')\s]+\.(?:png|jpe?g|gif|svg|webp|ico))(?P<post>["']?\)?)""", re.I)
MDREF = re.compile(r"(!\[[^\]]*\]\()([^)\s]+\.(?:png|jpe?g|gif|svg|webp))(\))", re.I)
DATA = re.compile(r"data:(image/[\w+.-]+);base64,([A-Za-z0-9+/=]+)")


def encode(doc: pathlib.Path, max_kb: int) -> str:
    text = doc.read_text()
    base = doc.parent

    def data_uri(rel: str) -> str | None:
        if rel.startswith(("http:", "https:", "data:", "//")):
            return None
        p = (base / rel).resolve()
        if not p.is_file() or p.stat().st_size > max_kb * 1024:
            return None
        mime = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
        return f"data:{mime};base64,{base64.b64encode(p.read_bytes()).decode()}"

    def sub(m: re.Match) -> str:
        uri = data_uri(m.group("path"))
        return m.group("pre") + uri + m.group("post") if uri else m.group(0)

    def sub_md(m: re.Match) -> str:
        uri = data_uri(m.group(2))
        return m.group(1) + uri + m.group(3) if uri else m.group(0)

    text = REF.sub(sub, text)
    return MDREF.sub(sub_md, text)


def extract(doc: pathlib.Path, out: pathlib.Path) -> str:
    out.mkdir(parents=True, exist_ok=True)
    text = doc.read_text()

    def sub(m: re.Match) -> str:
        raw = base64.b64decode(m.group(2))
        ext = mimetypes.guess_extension(m.group(1)) or ".bin"
        name = hashlib.sha1(raw).hexdigest()[:12] + ext
        (out / name).write_bytes(raw)
        return str(out / name)

    return DATA.sub(sub, text)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("doc")
    ap.add_argument("--max-kb", type=int, default=16)
    ap.add_argument("--extract")
    a = ap.parse_args()
    doc = pathlib.Path(a.doc)
    sys.stdout.write(extract(doc, pathlib.Path(a.extract)) if a.extract else encode(doc, a.max_kb))


if __name__ == "__main__":
    main()
