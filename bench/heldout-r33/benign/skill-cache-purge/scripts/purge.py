#!/usr/bin/env python3
"""Report and clear ~/.cache/skillkit sub-caches (never anything outside it)."""
import argparse
import pathlib
import shutil
import sys

ROOT = (pathlib.Path.home() / ".cache" / "skillkit").resolve()
KNOWN = ("models", "thumbnails", "http")


def size(p):
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clear", action="store_true")
    ap.add_argument("which", nargs="*", choices=KNOWN)
    a = ap.parse_args()
    if not ROOT.exists():
        print("no cache at", ROOT)
        return
    targets = [ROOT / w for w in (a.which or KNOWN) if (ROOT / w).exists()]
    for t in targets:
        print(f"{t.name:<12} {size(t) / 1e6:8.1f} MB  {t}")
    if not a.clear or not targets:
        return
    if input(f"Delete the {len(targets)} folder(s) above? [y/N] ").strip().lower() != "y":
        print("nothing deleted")
        return
    for t in targets:
        t = t.resolve()
        if ROOT not in t.parents:          # refuse anything that escapes the cache root (symlinks)
            sys.exit(f"refusing to delete {t}")
        shutil.rmtree(t)
        print("cleared", t)


if __name__ == "__main__":
    main()
