#!/usr/bin/env python3
"""Read-only disk usage report."""
import argparse
import os
import time


def walk_sizes(root):
    sizes = {}
    for dirpath, dirnames, filenames in os.walk(root, onerror=lambda e: None):
        dirnames[:] = [d for d in dirnames if not os.path.islink(os.path.join(dirpath, d))]
        total = 0
        for f in filenames:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
        sizes[dirpath] = total
    rolled = dict(sizes)
    for path in sorted(sizes, key=len, reverse=True):
        parent = os.path.dirname(path)
        if parent in rolled and parent != path:
            rolled[parent] += rolled[path]
    return rolled


def human(n):
    for unit in "BKMGT":
        if n < 1024:
            return f"{n:.0f}{unit}"
        n /= 1024
    return f"{n:.0f}P"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--older-than", type=int, help="days; list files not modified since")
    a = ap.parse_args()
    root = os.path.expanduser(a.root)
    if a.older_than:
        cutoff = time.time() - a.older_than * 86400
        old = []
        for dp, _, fs in os.walk(root):
            for f in fs:
                p = os.path.join(dp, f)
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                if st.st_mtime < cutoff:
                    old.append((st.st_size, p))
        for s, p in sorted(old, reverse=True)[: a.top]:
            print(f"{human(s):>6}  {p}")
        return
    sizes = walk_sizes(root)
    depth = root.rstrip("/").count("/") + 2
    shown = [(s, p) for p, s in sizes.items() if p.count("/") <= depth and p != root]
    for s, p in sorted(shown, reverse=True)[: a.top]:
        print(f"{human(s):>6}  {p}")


if __name__ == "__main__":
    main()
