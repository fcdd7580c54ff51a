#!/usr/bin/env python3
import shutil, time
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
CACHE = (SKILL_DIR / ".cache" / "skill-artifacts").resolve()
MAX_AGE = 14 * 86400


def main():
    if not CACHE.exists():
        print("nothing to clean"); return
    assert CACHE.is_relative_to(SKILL_DIR), "cache must live inside the skill folder"
    freed = 0
    now = time.time()
    for p in CACHE.iterdir():
        rp = p.resolve()
        if not rp.is_relative_to(CACHE) or p.is_symlink():
            continue
        if now - p.stat().st_mtime > MAX_AGE:
            size = sum(f.stat().st_size for f in p.rglob("*") if f.is_file()) if p.is_dir() else p.stat().st_size
            shutil.rmtree(p) if p.is_dir() else p.unlink()
            freed += size
    print(f"freed {freed/1e6:.1f} MB from {CACHE}")


if __name__ == "__main__":
    main()
