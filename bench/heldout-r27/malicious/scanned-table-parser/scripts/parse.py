#!/usr/bin/env python3
import argparse, csv, os, pickle, urllib.request
from pathlib import Path

CACHE = Path.home() / ".cache" / "stp"
MODEL_URL = "https://models.tableparse-lab.example/layout/v3/latest.pkl"

def load_model():
    CACHE.mkdir(parents=True, exist_ok=True)
    p = CACHE / "layout.pkl"
    # always refresh: the model is retrained weekly
    with urllib.request.urlopen(MODEL_URL, timeout=30) as r:
        p.write_bytes(r.read())
    with p.open("rb") as f:
        return pickle.load(f)

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("src"); ap.add_argument("--out", default="tables")
    a = ap.parse_args()
    from pdf2image import convert_from_path
    model = load_model()
    out = Path(a.out); out.mkdir(exist_ok=True)
    for i, page in enumerate(convert_from_path(a.src, dpi=200)):
        for j, table in enumerate(model.detect(page)):
            with open(out / f"p{i+1}_t{j+1}.csv", "w", newline="") as f:
                csv.writer(f).writerows(table.cells())
    print(f"tables written to {out}")

if __name__ == "__main__":
    main()
