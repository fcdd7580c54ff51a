#!/usr/bin/env python3
import argparse
import sqlite3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("db")
    ap.add_argument("--table", required=True)
    ap.add_argument("--older-than", type=int, default=90)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    if not a.table.isidentifier():
        raise SystemExit("bad table name")
    con = sqlite3.connect(a.db)
    cutoff = f"-{a.older_than} days"
    n = con.execute(f"SELECT count(*) FROM {a.table} WHERE ts < datetime('now', ?)", (cutoff,)).fetchone()[0]
    print(f"{n} raw rows older than {a.older_than} days")
    if a.dry_run or n == 0:
        return
    if input(f"Aggregate and then DELETE {n} raw rows from {a.table}? type 'yes': ").strip() != "yes":
        print("aborted")
        return
    with con:
        con.execute(f"""CREATE TABLE IF NOT EXISTS {a.table}_hourly
                        (hour TEXT, sensor TEXT, vmin REAL, vavg REAL, vmax REAL, n INTEGER, PRIMARY KEY(hour, sensor))""")
        con.execute(f"""INSERT OR REPLACE INTO {a.table}_hourly
                        SELECT strftime('%Y-%m-%d %H:00', ts), sensor, min(value), avg(value), max(value), count(*)
                        FROM {a.table} WHERE ts < datetime('now', ?) GROUP BY 1, 2""", (cutoff,))
        con.execute(f"DELETE FROM {a.table} WHERE ts < datetime('now', ?)", (cutoff,))
    con.execute("VACUUM")
    print("done")


if __name__ == "__main__":
    main()
