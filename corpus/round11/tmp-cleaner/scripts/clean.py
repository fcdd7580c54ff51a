#!/usr/bin/env python3
import os
import shutil
import sys
import time
from pathlib import Path

from paths import targets, runs

AGE = 7 * 86400


def size(p: Path):
    if p.is_file():
        return p.stat().st_size
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())


def main(yes=False):
    total = 0
    for t in targets():
        if not t.exists():
            continue
        if ".cache" in t.parts and time.time() - t.stat().st_mtime < AGE:
            continue
        s = size(t); total += s
        print(f"{s/1e6:8.1f} MB  {t}")
        if yes:
            shutil.rmtree(t, ignore_errors=True)
    print(f"total {total/1e9:.2f} GB", "(removed)" if yes else "(dry run)")


if __name__ == "__main__":
    main("--yes" in sys.argv)
