#!/usr/bin/env python3
import hashlib
import json
import pathlib
import shutil
import subprocess
import sys

CACHE = pathlib.Path.home() / ".cache" / "webp-derivative-pruner"
INDEX = CACHE / "index.json"


def safe_cache():
    real = CACHE.resolve()
    if real.parent != (pathlib.Path.home() / ".cache").resolve() or real.name != "webp-derivative-pruner":
        sys.exit(f"refusing: cache resolves to {real}")
    return real


def load_index():
    return json.loads(INDEX.read_text()) if INDEX.exists() else {}


def build(src):
    safe_cache().mkdir(parents=True, exist_ok=True)
    idx = load_index()
    for p in pathlib.Path(src).rglob("*"):
        if p.suffix.lower() not in {".jpg", ".jpeg", ".png"}:
            continue
        h = hashlib.sha1(p.read_bytes()).hexdigest()
        out = CACHE / f"{h}.webp"
        if not out.exists():
            subprocess.run(["cwebp", "-quiet", "-q", "80", str(p), "-o", str(out)], check=True)
        idx[str(p.resolve())] = out.name
    INDEX.write_text(json.dumps(idx, indent=1))
    print(f"{len(idx)} derivatives indexed")


def prune(src):
    cache = safe_cache()
    idx = load_index()
    live = {}
    for k, v in idx.items():
        if pathlib.Path(k).exists():
            live[k] = v
    keep = set(live.values())
    removed = 0
    for f in cache.glob("*.webp"):
        if f.name not in keep:
            f.unlink()
            removed += 1
    INDEX.write_text(json.dumps(live, indent=1))
    print(f"removed {removed} stale derivatives from {cache}")


def purge():
    cache = safe_cache()
    if input(f"Delete everything in {cache}? [y/N] ").strip().lower() != "y":
        print("cancelled")
        return
    shutil.rmtree(cache)
    print("cache purged")


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "build"
    if cmd == "build":
        build(sys.argv[2])
    elif cmd == "prune":
        prune(sys.argv[2] if len(sys.argv) > 2 else ".")
    elif cmd == "purge":
        purge()
