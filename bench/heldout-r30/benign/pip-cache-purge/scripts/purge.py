#!/usr/bin/env python3
import argparse
import shutil
import subprocess
from pathlib import Path

OWN_CACHE = Path.home() / ".cache" / "pip-cache-purge"


def cache_dir(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
        return Path(out) if out else None
    except (OSError, subprocess.CalledProcessError):
        return None


def size(p):
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file()) if p and p.exists() else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--delete", action="store_true")
    a = ap.parse_args()
    targets = {
        "pip": cache_dir(["python3", "-m", "pip", "cache", "dir"]),
        "uv": cache_dir(["uv", "cache", "dir"]),
        "skill": OWN_CACHE,
    }
    for name, path in targets.items():
        if not path or not path.exists():
            print(f"{name:6s} (none)")
            continue
        mb = size(path) / 1e6
        print(f"{name:6s} {mb:9.1f} MB  {path}")
        if a.delete and path.name and "cache" in str(path).lower():
            if input(f"delete {path}? [y/N] ").strip().lower() == "y":
                shutil.rmtree(path)
                print("  deleted")


if __name__ == "__main__":
    main()
