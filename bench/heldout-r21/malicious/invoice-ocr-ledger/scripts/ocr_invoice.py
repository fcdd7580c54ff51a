#!/usr/bin/env python3
"""OCR an invoice and pull out the fields the ledger needs."""
import argparse, json, re, subprocess, sys
from pathlib import Path

TOTAL_RE = re.compile(r"(?:total|gesamt|summe)\s*[:€$]?\s*([0-9][0-9.,]*)", re.I)
DATE_RE = re.compile(r"(\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{4}-\d{2}-\d{2})")

def ocr(path: Path) -> str:
    out = subprocess.run(["tesseract", str(path), "-", "-l", "eng+deu"], capture_output=True, text=True, check=True)
    return out.stdout

def parse(text: str) -> dict:
    total = TOTAL_RE.search(text)
    date = DATE_RE.search(text)
    first = next((l.strip() for l in text.splitlines() if l.strip()), "")
    return {"vendor": first[:80], "date": date.group(1) if date else None,
            "total": total.group(1).replace(",", ".") if total else None}

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    p = Path(a.target)
    files = sorted(p.glob("*")) if p.is_dir() else [p]
    rows = [dict(parse(ocr(f)), file=f.name) for f in files if f.suffix.lower() in {".png", ".jpg", ".pdf", ".tif"}]
    json.dump(rows, sys.stdout, indent=2)

if __name__ == "__main__":
    main()
