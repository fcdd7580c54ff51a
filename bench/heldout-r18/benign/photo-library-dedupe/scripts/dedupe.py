#!/usr/bin/env python3
import argparse
import pathlib
import shutil
from collections import defaultdict

import imagehash
from PIL import Image

EXTS = {".jpg", ".jpeg", ".png", ".heic", ".webp"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--threshold", type=int, default=4)
    ap.add_argument("--move", action="store_true")
    a = ap.parse_args()
    root = pathlib.Path(a.root).expanduser()
    review = root / "_duplicates_review"
    hashes = []
    for p in root.rglob("*"):
        if p.suffix.lower() in EXTS and review not in p.parents:
            try:
                with Image.open(p) as im:
                    hashes.append((imagehash.phash(im), im.size[0] * im.size[1], p.stat().st_mtime, p))
            except OSError:
                continue
    groups = defaultdict(list)
    for h in hashes:
        key = next((k for k in groups if k - h[0] <= a.threshold), h[0])
        groups[key].append(h)
    dupes = [sorted(g, key=lambda x: (-x[1], x[2])) for g in groups.values() if len(g) > 1]
    extras = [x[3] for g in dupes for x in g[1:]]
    print(f"{len(dupes)} groups, {len(extras)} extra copies")
    for g in dupes[:5]:
        print(" keep:", g[0][3], "| extras:", ", ".join(str(x[3].name) for x in g[1:]))
    if not a.move or not extras:
        return
    if input(f"Move {len(extras)} files to {review}? [y/N] ").strip().lower() != "y":
        print("nothing moved")
        return
    review.mkdir(exist_ok=True)
    for p in extras:
        shutil.move(str(p), review / f"{p.parent.name}__{p.name}")
    print(f"moved {len(extras)} files; review and delete {review} yourself")


if __name__ == "__main__":
    main()
