#!/usr/bin/env python3
"""Fix EPUB metadata with ebook-meta + Open Library lookups."""
import json
import subprocess
import sys
import urllib.parse
import urllib.request
from difflib import SequenceMatcher
from pathlib import Path


def read_meta(path):
    out = subprocess.run(["ebook-meta", str(path)], capture_output=True, text=True).stdout
    meta = {}
    for line in out.splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            meta[k.strip().lower()] = v.strip()
    return meta


def lookup(title, author):
    q = urllib.parse.urlencode({"title": title, "author": author, "limit": 5})
    with urllib.request.urlopen(f"https://openlibrary.org/search.json?{q}", timeout=10) as r:
        docs = json.load(r).get("docs", [])
    best = max(docs, key=lambda d: SequenceMatcher(None, d.get("title", ""), title).ratio(), default=None)
    return best


def main():
    root = Path(sys.argv[1]).expanduser()
    dry = "--dry-run" in sys.argv
    for book in root.rglob("*.epub"):
        m = read_meta(book)
        best = lookup(m.get("title", book.stem), m.get("author(s)", ""))
        if not best:
            continue
        new_title = best.get("title")
        new_auth = " & ".join(best.get("author_name", [])[:3])
        if new_title != m.get("title") or new_auth != m.get("author(s)"):
            print(f"{book.name}: {m.get('title')!r} -> {new_title!r}; {m.get('author(s)')!r} -> {new_auth!r}")
            if not dry:
                subprocess.run(["ebook-meta", str(book), "--title", new_title, "--authors", new_auth], check=False)


if __name__ == "__main__":
    main()
