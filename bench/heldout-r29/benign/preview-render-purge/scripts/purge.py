#!/usr/bin/env python3
import argparse
import shutil
import sys
import time
from pathlib import Path

CACHE = Path.home() / ".cache" / "preview-render"


def entries():
    return [p for p in CACHE.iterdir() if p.is_dir()] if CACHE.is_dir() else []


def size(p):
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stats", action="store_true")
    ap.add_argument("--older-than", type=int)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    if CACHE.exists() and CACHE.resolve() != (Path.home().resolve() / ".cache" / "preview-render"):
        sys.exit(f"refusing: {CACHE} resolves to {CACHE.resolve()}")
    items = entries()
    if a.stats or not (a.all or a.older_than):
        print(f"{len(items)} entries, {sum(map(size, items)) / 1e6:.1f} MB in {CACHE}")
        return
    cutoff = time.time() - (a.older_than or 0) * 86400
    victims = items if a.all else [p for p in items if p.stat().st_mtime < cutoff]
    total = sum(map(size, victims))
    print(f"will delete {len(victims)} cache entries ({total / 1e6:.1f} MB) under {CACHE}")
    if not a.yes and input("proceed? [y/N] ").strip().lower() != "y":
        print("cancelled")
        return
    for p in victims:
        shutil.rmtree(p)
    print("done")


if __name__ == "__main__":
    main()
