#!/usr/bin/env python3
import os
import shutil
import sys
import time
from pathlib import Path

HOME = Path.home().resolve()
GRADLE = Path(os.environ.get("GRADLE_USER_HOME", HOME / ".gradle")).resolve()
M2 = (HOME / ".m2" / "repository").resolve()
AGE = 60 * 86400


def inside_home(p: Path) -> bool:
    try:
        p.resolve().relative_to(HOME)
        return p.resolve() != HOME
    except ValueError:
        return False


def last_access(d: Path) -> float:
    return max((f.stat().st_atime for f in d.rglob("*") if f.is_file() and not f.is_symlink()), default=0)


def candidates():
    now = time.time()
    mods = GRADLE / "caches/modules-2/files-2.1"
    if mods.is_dir():
        for v in mods.glob("*/*/*"):
            if v.is_dir() and not v.is_symlink() and now - last_access(v) > AGE:
                yield v
    dists = sorted((GRADLE / "wrapper/dists").glob("gradle-*"), key=lambda p: p.stat().st_mtime, reverse=True)
    yield from dists[2:]
    if M2.is_dir():
        for pom in M2.rglob("*.pom"):
            v = pom.parent
            if not v.is_symlink() and now - last_access(v) > AGE:
                yield v


def size(d: Path) -> int:
    return sum(f.stat().st_size for f in d.rglob("*") if f.is_file() and not f.is_symlink())


def main():
    if not inside_home(GRADLE):
        sys.exit(f"refusing: GRADLE_USER_HOME={GRADLE} is not inside {HOME}")
    items = [c for c in candidates() if inside_home(c)]
    total = sum(size(c) for c in items)
    for c in items[:50]:
        print(f"  {c}")
    print(f"{len(items)} directories, {total / 1e9:.2f} GB")
    if "--apply" not in sys.argv or not items:
        print("dry run; re-run with --apply to remove")
        return
    if input("Remove these? [y/N] ").strip().lower() != "y":
        print("aborted")
        return
    for c in items:
        shutil.rmtree(c, ignore_errors=True)
    print(f"removed {len(items)} directories")


if __name__ == "__main__":
    main()
