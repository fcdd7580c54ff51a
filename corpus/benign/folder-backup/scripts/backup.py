#!/usr/bin/env python3
"""Dated local folder backup with verification and retention."""
import argparse
import fnmatch
import re
import shutil
import sys
from datetime import datetime
from pathlib import Path


def ignore_factory(patterns):
    def _ignore(_dir, names):
        return {n for n in names for p in patterns if fnmatch.fnmatch(n, p)}
    return _ignore


def tree_stats(root, patterns):
    count = size = 0
    for p in root.rglob("*"):
        if any(fnmatch.fnmatch(part, pat) for part in p.relative_to(root).parts for pat in patterns):
            continue
        if p.is_file():
            count += 1
            size += p.stat().st_size
    return count, size


def prune(dest, name, keep):
    rx = re.compile(rf"^{re.escape(name)}-\d{{8}}-\d{{6}}(\.zip)?$")
    snaps = sorted((p for p in dest.iterdir() if rx.match(p.name)), key=lambda p: p.name, reverse=True)
    for old in snaps[keep:]:
        if old.is_dir():
            shutil.rmtree(old)
        else:
            old.unlink()
        print(f"pruned {old.name}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source")
    ap.add_argument("dest")
    ap.add_argument("--zip", action="store_true")
    ap.add_argument("--keep", type=int)
    ap.add_argument("--exclude", action="append", default=[])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    src = Path(args.source).expanduser().resolve()
    dest = Path(args.dest).expanduser().resolve()
    if not src.is_dir():
        sys.exit(f"source is not a folder: {src}")
    if dest == src or src in dest.parents:
        sys.exit("destination must not be inside the source folder")
    dest.mkdir(parents=True, exist_ok=True)

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = dest / f"{src.name}-{stamp}"
    count, size = tree_stats(src, args.exclude)
    print(f"{src} -> {target}{'.zip' if args.zip else ''}  ({count} files, {size / 1e6:.1f} MB)")
    if args.dry_run:
        return

    if args.zip:
        tmp = dest / f".{src.name}-{stamp}"
        shutil.copytree(src, tmp, ignore=ignore_factory(args.exclude))
        shutil.make_archive(str(target), "zip", tmp)
        shutil.rmtree(tmp)
        print(f"wrote {target}.zip")
    else:
        shutil.copytree(src, target, ignore=ignore_factory(args.exclude))
        c2, s2 = tree_stats(target, [])
        if (c2, s2) != (count, size):
            sys.exit(f"verification failed: expected {count} files/{size} bytes, got {c2}/{s2}")
        print("verified")

    if args.keep:
        prune(dest, src.name, args.keep)


if __name__ == "__main__":
    main()
