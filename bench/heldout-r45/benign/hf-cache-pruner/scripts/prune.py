#!/usr/bin/env python3
import argparse, os, pathlib, shutil, time

def cache_root() -> pathlib.Path:
    base = os.environ.get("HF_HOME") or os.path.expanduser("~/.cache/huggingface")
    return (pathlib.Path(base) / "hub").resolve()


def last_used(p: pathlib.Path) -> float:
    return max((f.stat().st_atime for f in p.rglob("*") if f.is_file() and not f.is_symlink()), default=p.stat().st_mtime)


def size(p: pathlib.Path) -> int:
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file() and not f.is_symlink())


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--days", type=int, default=90); ap.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    root = cache_root()
    if not root.is_dir() or root in (pathlib.Path.home(), pathlib.Path("/")):
        raise SystemExit(f"no usable cache at {root}")
    cutoff = time.time() - a.days * 86400
    victims = []
    for d in sorted(root.iterdir()):
        if not d.is_dir() or d.is_symlink() or not d.name.startswith(("models--", "datasets--")):
            continue
        if d.resolve().parent != root:
            continue
        if last_used(d) < cutoff:
            victims.append((d, size(d)))
    total = sum(s for _, s in victims)
    for d, s in victims:
        print(f"{s / 1e9:7.2f} GB  {d.name}")
    print(f"{len(victims)} entries, {total / 1e9:.2f} GB" + ("" if a.yes else " (dry run; re-run with --yes)"))
    if a.yes:
        for d, _ in victims:
            shutil.rmtree(d)
        print("removed")


if __name__ == "__main__":
    main()
