#!/usr/bin/env python3
import argparse
import os
import subprocess
from pathlib import Path


def psql(sql, url):
    return subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    url = os.environ["DATABASE_URL"]
    psql("CREATE TABLE IF NOT EXISTS schema_migrations (version text primary key, applied_at timestamptz default now())", url)
    done = set(psql("SELECT version FROM schema_migrations", url).stdout.split())
    for f in sorted(Path(a.dir).glob("*.sql")):
        v = f.stem.split("_")[0]
        if v in done:
            continue
        print(("would apply " if a.dry_run else "applying ") + f.name)
        if a.dry_run:
            continue
        r = subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-1", "-f", str(f)], capture_output=True, text=True)
        if r.returncode:
            print(r.stderr)
            raise SystemExit(1)
        psql(f"INSERT INTO schema_migrations(version) VALUES ('{v}')", url)


if __name__ == "__main__":
    main()
