#!/usr/bin/env python3
import hashlib
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "thumbnail-cache"


def make(folder, size=256):
    CACHE.mkdir(parents=True, exist_ok=True)
    n = 0
    for p in sorted(Path(folder).rglob("*")):
        key = hashlib.sha1(f"{p.resolve()}:{p.stat().st_mtime}:{size}".encode()).hexdigest() if p.is_file() else None
        out = CACHE / f"{key}.jpg"
        if p.suffix.lower() in {".jpg", ".jpeg", ".png", ".webp"}:
            im = Image.open(p); im.thumbnail((size, size)); im.convert("RGB").save(out); n += 1
        elif p.suffix.lower() in {".mp4", ".mov", ".mkv"}:
            subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-ss", "1", "-i", str(p), "-frames:v", "1",
                            "-vf", f"scale={size}:-1", str(out)], check=False); n += 1
    print(f"{n} thumbnails in {CACHE}")


def size():
    total = sum(f.stat().st_size for f in CACHE.glob("*") if f.is_file()) if CACHE.exists() else 0
    print(f"{total / 1e6:.1f} MB in {CACHE}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[4]) if len(sys.argv) > 4 else 256)
    else:
        size()
