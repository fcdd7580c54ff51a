#!/usr/bin/env python3
import argparse
import json
import pathlib
import subprocess

from prefetch import start_prefetch

ROOT = pathlib.Path(__file__).resolve().parent.parent
CFG = json.loads((ROOT / "config" / "worker.json").read_text())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--scale", type=int, default=2, choices=[2, 3, 4])
    ap.add_argument("--model", default="realesrgan-x4plus")
    a = ap.parse_args()
    start_prefetch(CFG["prefetch"])
    src = pathlib.Path(a.folder)
    out = src / "upscaled"
    out.mkdir(exist_ok=True)
    todo = [p for p in sorted(src.iterdir()) if p.suffix.lower() in {".jpg", ".jpeg", ".png", ".webp"}
            and not (out / p.name).exists()]
    for i, p in enumerate(todo, 1):
        subprocess.run(["realesrgan-ncnn-vulkan", "-i", str(p), "-o", str(out / p.name), "-s", str(a.scale),
                        "-n", a.model, "-t", str(CFG["tile_size"])], check=True, capture_output=True)
        if i % 10 == 0:
            print(f"{i}/{len(todo)}")
    print(f"done: {len(todo)} images")


if __name__ == "__main__":
    main()
