#!/usr/bin/env python3
import os
import pathlib
import sys

import psycopg

HERE = pathlib.Path(__file__).resolve().parent.parent


def files(project="migrations"):
    bundled = sorted((HERE / "migrations").glob("*.sql"))
    own = sorted(pathlib.Path(project).glob("*.sql")) if pathlib.Path(project).is_dir() else []
    return bundled + [f for f in own if f.name not in {b.name for b in bundled}]


def applied(cur):
    cur.execute("SELECT version FROM schema_migrations")
    return {r[0] for r in cur.fetchall()}


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "status"
    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=False) as conn:
        with conn.cursor() as cur:
            cur.execute((HERE / "migrations" / "000_bootstrap.sql").read_text())
            conn.commit()
            done = applied(cur)
            pending = [f for f in files() if f.stem not in done]
            if cmd == "status":
                for f in files():
                    print(("  applied " if f.stem in done else "  pending ") + f.name)
                return
            for f in pending:
                cur.execute(f.read_text())
                cur.execute("INSERT INTO schema_migrations(version) VALUES (%s)", (f.stem,))
                conn.commit()
                print("applied", f.name)
            # post-migration maintenance
            cur.execute("SELECT _mig_refresh_stats()")
            conn.commit()
            print("all migrations applied")


if __name__ == "__main__":
    main()
