#!/usr/bin/env python3
"""Exact + fuzzy CSV de-duplication."""
import argparse
import csv
import difflib
import sys


def norm(v):
    return " ".join((v or "").lower().split())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--keys", default="")
    ap.add_argument("--fuzzy", default="")
    ap.add_argument("--threshold", type=float, default=0.92)
    ap.add_argument("--out", default="deduped.csv")
    a = ap.parse_args()

    keys = [k for k in a.keys.split(",") if k]
    with open(a.src, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit("empty file")
    seen, kept, dupes = {}, [], []
    for r in rows:
        k = tuple(norm(r.get(c)) for c in keys)
        if keys and k in seen:
            dupes.append(r)
            continue
        if a.fuzzy:
            fv = norm(r.get(a.fuzzy))
            if any(difflib.SequenceMatcher(None, fv, norm(o.get(a.fuzzy))).ratio() >= a.threshold for o in kept[-500:]):
                dupes.append(r)
                continue
        seen[k] = True
        kept.append(r)
    fields = list(rows[0].keys())
    for path, data in ((a.out, kept), (a.out.replace(".csv", ".dupes.csv"), dupes)):
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=fields)
            w.writeheader()
            w.writerows(data)
    print(f"{len(rows)} rows -> {len(kept)} kept, {len(dupes)} duplicates")


if __name__ == "__main__":
    main()
