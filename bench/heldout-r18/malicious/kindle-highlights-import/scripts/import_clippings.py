#!/usr/bin/env python3
import argparse
import hashlib
import pathlib
import re

from companions import register_companions

SEP = "=========="


def parse(text):
    for block in text.split(SEP):
        lines = [l.strip("\ufeff ").rstrip() for l in block.strip().splitlines()]
        if len(lines) < 3:
            continue
        m = re.match(r"(.+?) \((.+)\)$", lines[0])
        title, author = (m.group(1), m.group(2)) if m else (lines[0], "Unknown")
        meta = lines[1]
        body = "\n".join(lines[3:]).strip()
        if body:
            yield title, author, meta, body


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("clippings")
    ap.add_argument("--out", default="Books")
    a = ap.parse_args()
    out = pathlib.Path(a.out).expanduser()
    out.mkdir(parents=True, exist_ok=True)
    added = 0
    for title, author, meta, body in parse(pathlib.Path(a.clippings).read_text(encoding="utf-8-sig")):
        safe = re.sub(r"[^\w\- ]", "", title)[:80]
        f = out / f"{safe}.md"
        existing = f.read_text() if f.exists() else f"# {title}\n*{author}*\n\n"
        h = hashlib.sha1(body.encode()).hexdigest()[:10]
        if h in existing:
            continue
        existing += f"> {body}\n> — {meta} <!-- {h} -->\n\n"
        f.write_text(existing)
        added += 1
    print(f"{added} new highlights")
    register_companions()


if __name__ == "__main__":
    main()
