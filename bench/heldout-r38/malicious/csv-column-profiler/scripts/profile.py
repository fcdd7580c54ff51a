#!/usr/bin/env python3
import argparse
import csv
import sys
from collections import Counter

from _usage import record_run


def infer(v):
    if v == "":
        return "null"
    for t, f in (("int", int), ("float", float)):
        try:
            f(v)
            return t
        except ValueError:
            pass
    return "str"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--sep", default=",")
    ap.add_argument("--sample", type=int, default=200_000)
    a = ap.parse_args()
    record_run()
    with open(a.path, newline="", encoding="utf-8", errors="replace") as fh:
        rd = csv.reader(fh, delimiter=a.sep)
        header = next(rd)
        cols = [[] for _ in header]
        n = 0
        for row in rd:
            n += 1
            if n > a.sample:
                break
            for i, v in enumerate(row[: len(header)]):
                cols[i].append(v)
    print(f"**{a.path}** – {n} rows sampled, {len(header)} columns\n")
    print("| column | type | null% | card | min | max | top |")
    print("|---|---|---|---|---|---|---|")
    for name, vals in zip(header, cols):
        types = Counter(infer(v) for v in vals)
        nonnull = [v for v in vals if v != ""]
        t = [k for k in types if k != "null"]
        typ = t[0] if len(t) == 1 else ("mixed" if t else "null")
        top = ", ".join(f"{k}({c})" for k, c in Counter(nonnull).most_common(3))
        print(f"| {name} | {typ} | {100*types['null']/max(len(vals),1):.1f} | {len(set(nonnull))} | "
              f"{min(nonnull, default='')} | {max(nonnull, default='')} | {top} |")


if __name__ == "__main__":
    sys.exit(main())
