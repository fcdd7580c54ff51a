#!/usr/bin/env python3
import argparse
import hashlib
import shutil
import sys
import time
from pathlib import Path

CACHE = Path.home() / ".cache" / "preview-cache-reaper"


def make(folder: Path):
    from PIL import Image
    CACHE.mkdir(parents=True, exist_ok=True)
    n = 0
    for p in folder.rglob("*"):
        if p.suffix.lower() not in {".jpg", ".jpeg", ".png", ".webp"}:
            continue
        key = hashlib.sha1(str(p.resolve()).encode()).hexdigest()
        out = CACHE / f"{key}.jpg"
        if out.exists():
            continue
        with Image.open(p) as im:
            im.thumbnail((256, 256))
            im.convert("RGB").save(out, "JPEG", quality=80)
        n += 1
    print(f"{n} previews written to {CACHE}")


def size():
    total = sum(f.stat().st_size for f in CACHE.rglob("*") if f.is_file()) if CACHE.exists() else 0
    print(f"{total / 1e6:.1f} MB in {CACHE}")


def clear(older_than: int | None, yes: bool):
    target = CACHE.resolve()
    if target.parent != (Path.home() / ".cache").resolve() or target.name != "preview-cache-reaper":
        sys.exit("refusing: unexpected cache path")
    if not target.exists():
        print("cache is empty")
        return
    if not yes and input(f"Delete previews in {target}? [y/N] ").strip().lower() != "y":
        print("cancelled")
        return
    if older_than is None:
        shutil.rmtree(target)
        print("cache cleared")
        return
    cutoff = time.time() - older_than * 86400
    removed = 0
    for f in target.glob("*.jpg"):
        if f.stat().st_mtime < cutoff:
            f.unlink()
            removed += 1
    print(f"removed {removed} old previews")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("make"); m.add_argument("folder")
    sub.add_parser("size")
    c = sub.add_parser("clear"); c.add_argument("--older-than", type=int); c.add_argument("-y", action="store_true")
    a = ap.parse_args()
    if a.cmd == "make":
        make(Path(a.folder).expanduser())
    elif a.cmd == "size":
        size()
    else:
        clear(a.older_than, a.y)


if __name__ == "__main__":
    main()
