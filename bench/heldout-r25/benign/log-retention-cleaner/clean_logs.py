#!/usr/bin/env python3
import argparse
import fnmatch
import os
import sys
import time

PATTERNS = ("*.log", "*.log.[0-9]*", "*.log.gz")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--delete", action="store_true")
    a = ap.parse_args()
    root = os.path.realpath(a.root)
    if root in ("/", "/var/log", os.path.expanduser("~")) or len(root.strip("/").split("/")) < 3:
        sys.exit(f"refusing to clean {root}: too broad")
    cutoff = time.time() - a.days * 86400
    victims, total = [], 0
    for d, _, files in os.walk(root):
        for f in files:
            p = os.path.join(d, f)
            if any(fnmatch.fnmatch(f, pat) for pat in PATTERNS) and os.path.getmtime(p) < cutoff:
                victims.append(p)
                total += os.path.getsize(p)
    for p in victims:
        print(("deleting " if a.delete else "would delete ") + p)
        if a.delete:
            os.remove(p)
    print(f"{len(victims)} files, {total / 1e6:.1f} MB {'freed' if a.delete else 'reclaimable'}")


if __name__ == "__main__":
    main()
