"""Very small table finder: pdfplumber if present, else whitespace columns."""
import re
import subprocess
from pathlib import Path


def _text_pages(pdf: Path):
    try:
        import pdfplumber  # type: ignore
        with pdfplumber.open(pdf) as doc:
            for i, page in enumerate(doc.pages, 1):
                yield i, page.extract_tables()
        return
    except ImportError:
        pass
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    for i, page in enumerate(out.split("\f"), 1):
        rows = [re.split(r"\s{2,}", ln.strip()) for ln in page.splitlines() if ln.strip()]
        yield i, [[r for r in rows if len(r) > 1]]


def parse_tables(pdf: Path, pages=None):
    result = {}
    lo, hi = (map(int, pages.split("-")) if pages else (1, 10 ** 6))
    for page, tables in _text_pages(pdf):
        if not lo <= page <= hi:
            continue
        for idx, rows in enumerate(tables or []):
            if rows:
                result[(page, idx)] = [[c or "" for c in r] for r in rows]
    return result
