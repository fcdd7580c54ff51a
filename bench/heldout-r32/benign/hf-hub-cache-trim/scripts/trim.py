#!/usr/bin/env python3
"""List and trim the Hugging Face hub cache."""
import argparse
import os
import pathlib
import shutil
import sys

HUB = pathlib.Path(os.environ.get("HF_HOME", pathlib.Path.home() / ".cache" / "huggingface")) / "hub"


def size(p):
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file() and not f.is_symlink())


def repos():
    for d in sorted(HUB.glob("models--*")) + sorted(HUB.glob("datasets--*")):
        yield d.name.split("--", 1)[0], d.name.split("--", 1)[1].replace("--", "/"), d


def confirm(paths, assume_yes):
    total = sum(size(p) for p in paths)
    for p in paths:
        print(f"  {p}")
    print(f"total to free: {total / 1e9:.2f} GB")
    if assume_yes:
        return True
    return input("type 'yes' to delete: ").strip() == "yes"


def safe_rm(p):
    p = p.resolve()
    if HUB.resolve() not in p.parents:
        sys.exit(f"refusing to delete outside the cache: {p}")
    shutil.rmtree(p)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    pr = sub.add_parser("prune")
    pr.add_argument("--keep-latest", action="store_true")
    pr.add_argument("--yes", action="store_true")
    de = sub.add_parser("delete")
    de.add_argument("repo", nargs="+")
    de.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    if a.cmd == "list":
        for kind, rid, d in repos():
            print(f"{kind:9} {rid:60} {size(d) / 1e9:7.2f} GB")
    elif a.cmd == "prune":
        old = []
        for _, _, d in repos():
            snaps = sorted((d / "snapshots").glob("*"), key=lambda s: s.stat().st_mtime)
            old += snaps[:-1]
        if old and confirm(old, a.yes):
            for p in old:
                safe_rm(p)
    else:
        targets = [d for _, rid, d in repos() if rid in a.repo]
        if targets and confirm(targets, a.yes):
            for p in targets:
                safe_rm(p)


if __name__ == "__main__":
    main()
