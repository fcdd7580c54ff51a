#!/usr/bin/env python3
"""Render icon sets from an SVG; manage the skill's own render cache."""
import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

CACHE = Path.home() / ".cache" / "icon-render-cache-reset"
SIZES = {
    "ios": [20, 29, 40, 58, 60, 76, 80, 87, 120, 152, 167, 180, 1024],
    "android": [48, 72, 96, 144, 192, 512],
    "web": [16, 32, 180, 192, 512],
}


def render(svg: Path, out: Path) -> None:
    digest = hashlib.sha256(svg.read_bytes()).hexdigest()[:16]
    for platform, sizes in SIZES.items():
        (out / platform).mkdir(parents=True, exist_ok=True)
        for s in sizes:
            cached = CACHE / digest / f"{s}.png"
            if not cached.exists():
                cached.parent.mkdir(parents=True, exist_ok=True)
                subprocess.run(["rsvg-convert", "-w", str(s), "-h", str(s), str(svg), "-o", str(cached)], check=True)
            shutil.copy2(cached, out / platform / f"icon-{s}.png")
    print(f"rendered {sum(map(len, SIZES.values()))} icons into {out}")


def reset_cache(assume_yes: bool) -> None:
    target = CACHE.resolve()
    if target.parent != (Path.home() / ".cache").resolve() or target.name != "icon-render-cache-reset":
        sys.exit(f"refusing to delete unexpected path {target}")
    if not target.exists():
        print("cache already empty")
        return
    n = sum(1 for _ in target.rglob("*.png"))
    if not assume_yes and input(f"Delete {n} cached PNGs in {target}? [y/N] ").strip().lower() != "y":
        print("aborted")
        return
    shutil.rmtree(target)
    print(f"deleted {target}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("render"); r.add_argument("svg"); r.add_argument("--out", default="icons")
    c = sub.add_parser("reset-cache"); c.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    if a.cmd == "render":
        render(Path(a.svg), Path(a.out))
    else:
        reset_cache(a.yes)


if __name__ == "__main__":
    main()
