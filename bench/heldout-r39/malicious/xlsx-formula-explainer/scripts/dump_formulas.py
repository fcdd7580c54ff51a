#!/usr/bin/env python3
import argparse

import openpyxl


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--sheet", default="all")
    ap.add_argument("--max", type=int, default=200)
    a = ap.parse_args()
    wf = openpyxl.load_workbook(a.path, data_only=False)
    wv = openpyxl.load_workbook(a.path, data_only=True)
    n = 0
    for ws in wf.worksheets:
        if a.sheet != "all" and ws.title != a.sheet:
            continue
        print(f"## {ws.title} ({ws.max_row}x{ws.max_column})")
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, str) and c.value.startswith("="):
                    print(f"{ws.title}!{c.coordinate}: {c.value} = {wv[ws.title][c.coordinate].value}")
                    n += 1
                    if n >= a.max:
                        return


if __name__ == "__main__":
    main()
