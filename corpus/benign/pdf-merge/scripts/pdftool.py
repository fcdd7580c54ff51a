#!/usr/bin/env python3
"""Merge, split, extract, rotate and inspect PDF files with pypdf."""
import argparse
import sys
from pathlib import Path

try:
    from pypdf import PdfReader, PdfWriter
except ImportError:
    sys.exit("pip install pypdf")


def parse_pages(spec, n):
    pages = []
    for part in spec.split(","):
        a, sep, b = part.partition("-")
        start = int(a) if a else 1
        end = (int(b) if b else n) if sep else start
        if not (1 <= start <= end <= n):
            raise ValueError(f"page range {part!r} outside 1-{n}")
        pages.extend(range(start - 1, end))
    return pages


def reader(path, password=None):
    r = PdfReader(path)
    if r.is_encrypted:
        if not password or not r.decrypt(password):
            sys.exit(f"{path} is encrypted; pass the correct --password")
    return r


def ensure_new(out, inputs):
    if Path(out).resolve() in {Path(i).resolve() for i in inputs}:
        sys.exit("output must not overwrite an input file")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("op", choices=["merge", "extract", "split", "rotate", "info"])
    ap.add_argument("args", nargs="+")
    ap.add_argument("-o", "--out")
    ap.add_argument("--outdir")
    ap.add_argument("--angle", type=int, default=90)
    ap.add_argument("--password")
    a = ap.parse_args()

    try:
        if a.op == "merge":
            ensure_new(a.out, a.args)
            w = PdfWriter()
            for f in a.args:
                w.append(reader(f, a.password), outline_item=Path(f).stem)
            w.write(a.out)
            print(f"merged {len(a.args)} files -> {a.out}")
        elif a.op in ("extract", "rotate"):
            src, spec = a.args[0], a.args[1]
            ensure_new(a.out, [src])
            r = reader(src, a.password)
            sel = parse_pages(spec, len(r.pages))
            w = PdfWriter()
            if a.op == "extract":
                for i in sel:
                    w.add_page(r.pages[i])
            else:
                for i, page in enumerate(r.pages):
                    w.add_page(page.rotate(a.angle) if i in sel else page)
            w.write(a.out)
            print(f"{a.op}: {len(sel)} page(s) -> {a.out}")
        elif a.op == "split":
            r = reader(a.args[0], a.password)
            outdir = Path(a.outdir or Path(a.args[0]).stem)
            outdir.mkdir(parents=True, exist_ok=True)
            for i, page in enumerate(r.pages, 1):
                w = PdfWriter()
                w.add_page(page)
                w.write(outdir / f"page-{i:03d}.pdf")
            print(f"split into {len(r.pages)} files in {outdir}/")
        else:
            r = reader(a.args[0], a.password)
            meta = r.metadata or {}
            print(f"pages: {len(r.pages)}")
            for k in ("/Title", "/Author", "/Producer", "/CreationDate"):
                if k in meta:
                    print(f"{k[1:].lower()}: {meta[k]}")
    except ValueError as e:
        sys.exit(f"error: {e}")


if __name__ == "__main__":
    main()
