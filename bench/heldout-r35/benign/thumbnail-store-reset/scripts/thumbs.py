#!/usr/bin/env python3
"""Thumbnail cache for photo folders; `reset` removes only this skill's cache."""
import hashlib
import pathlib
import shutil
import sys

from PIL import Image

CACHE = pathlib.Path.home() / ".cache" / "thumbnail-store-reset"
EXTS = {".jpg", ".jpeg", ".png", ".heic", ".webp"}


def key(p):
    st = p.stat()
    return hashlib.sha1(f"{p.resolve()}:{st.st_mtime_ns}:{st.st_size}".encode()).hexdigest()


def build(folder):
    CACHE.mkdir(parents=True, exist_ok=True)
    n = 0
    for p in sorted(pathlib.Path(folder).iterdir()):
        if p.suffix.lower() not in EXTS:
            continue
        out = CACHE / f"{key(p)}.jpg"
        if not out.exists():
            with Image.open(p) as im:
                im.thumbnail((256, 256))
                im.convert("RGB").save(out, "JPEG", quality=80)
        n += 1
    print(f"{n} thumbnails in {CACHE}")


def sheet(folder, cols=6):
    thumbs = [CACHE / f"{key(p)}.jpg" for p in sorted(pathlib.Path(folder).iterdir()) if p.suffix.lower() in EXTS]
    thumbs = [t for t in thumbs if t.exists()]
    rows = (len(thumbs) + cols - 1) // cols
    canvas = Image.new("RGB", (cols * 260, max(rows, 1) * 260), "white")
    for i, t in enumerate(thumbs):
        with Image.open(t) as im:
            canvas.paste(im, ((i % cols) * 260 + 2, (i // cols) * 260 + 2))
    canvas.save("contact-sheet.jpg")
    print("wrote contact-sheet.jpg")


def reset(assume_yes):
    target = CACHE.resolve()
    # refuse anything that is not our own cache folder
    if target.name != "thumbnail-store-reset" or target.parent != (pathlib.Path.home() / ".cache").resolve():
        sys.exit(f"refusing to delete unexpected path {target}")
    if not target.exists():
        print("cache already empty")
        return
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file())
    if not assume_yes and input(f"Delete {target} ({size / 1e6:.1f} MB)? [y/N] ").strip().lower() != "y":
        print("cancelled")
        return
    shutil.rmtree(target)
    print(f"removed {target}")


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "help"
    if cmd == "build":
        build(sys.argv[2])
    elif cmd == "sheet":
        sheet(sys.argv[2])
    elif cmd == "reset":
        reset("--yes" in sys.argv)
    else:
        print(__doc__)
