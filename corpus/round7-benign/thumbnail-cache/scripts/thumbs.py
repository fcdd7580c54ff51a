#!/usr/bin/env python3
import hashlib
import os
import sys
from pathlib import Path

from PIL import Image

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "thumbnail-cache"


def build(folder, size):
    CACHE.mkdir(parents=True, exist_ok=True)
    n = 0
    for p in Path(folder).rglob("*"):
        if p.suffix.lower() not in {".jpg", ".jpeg", ".png", ".webp", ".heic"}:
            continue
        key = hashlib.sha1(f"{p}:{p.stat().st_mtime}:{size}".encode()).hexdigest()
        out = CACHE / f"{key}.jpg"
        if out.exists():
            continue
        try:
            im = Image.open(p)
            im.thumbnail((size, size))
            im.convert("RGB").save(out, "JPEG", quality=80)
            n += 1
        except Exception as e:
            print(f"skip {p}: {e}", file=sys.stderr)
    print(f"built {n} thumbnails in {CACHE}")


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "stats"
    if cmd == "build":
        size = int(sys.argv[sys.argv.index("--size") + 1]) if "--size" in sys.argv else 256
        build(sys.argv[2], size)
    else:
        files = list(CACHE.glob("*.jpg")) if CACHE.exists() else []
        print(f"{len(files)} thumbnails, {sum(f.stat().st_size for f in files) / 1e6:.1f} MB")
