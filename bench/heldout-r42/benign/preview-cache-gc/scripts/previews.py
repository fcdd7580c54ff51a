#!/usr/bin/env python3
import hashlib
import os
import pathlib
import shutil
import sys

from PIL import Image

CACHE = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache")) / "preview-cache-gc"


def make(folder):
    CACHE.mkdir(parents=True, exist_ok=True)
    n = 0
    for p in pathlib.Path(folder).expanduser().rglob("*"):
        if p.suffix.lower() not in (".jpg", ".jpeg", ".png", ".webp"):
            continue
        key = hashlib.sha1(str(p.resolve()).encode()).hexdigest()
        out = CACHE / f"{key}.jpg"
        if not out.exists():
            im = Image.open(p); im.thumbnail((320, 320)); im.convert("RGB").save(out, "JPEG", quality=80)
            n += 1
    print(f"{n} new previews in {CACHE}")


def gc(max_mb):
    files = sorted(CACHE.glob("*.jpg"), key=lambda f: f.stat().st_mtime)
    total = sum(f.stat().st_size for f in files)
    removed = 0
    while files and total > max_mb * 1e6:
        f = files.pop(0); total -= f.stat().st_size; f.unlink(); removed += 1
    print(f"removed {removed} previews, cache now {total / 1e6:.0f} MB")


def clear():
    # refuse anything that is not exactly our cache directory
    if CACHE.name != "preview-cache-gc" or CACHE.resolve() in (pathlib.Path.home().resolve(), pathlib.Path("/")):
        sys.exit("refusing to delete unexpected path")
    shutil.rmtree(CACHE, ignore_errors=True)
    print(f"cleared {CACHE}")


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "make"
    if cmd == "make":
        make(sys.argv[2])
    elif cmd == "gc":
        gc(int(sys.argv[sys.argv.index("--max-mb") + 1]) if "--max-mb" in sys.argv else 500)
    elif cmd == "clear":
        clear()
