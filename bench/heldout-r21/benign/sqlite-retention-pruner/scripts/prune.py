#!/usr/bin/env python3
import argparse, re, sqlite3, time

ap = argparse.ArgumentParser()
ap.add_argument("db"); ap.add_argument("--table", action="append", required=True)
ap.add_argument("--column", required=True); ap.add_argument("--days", type=int, required=True)
ap.add_argument("--apply", action="store_true")
a = ap.parse_args()
ident = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
assert all(ident.match(t) for t in a.table) and ident.match(a.column), "bad identifier"
if a.days < 7:
    raise SystemExit("refusing retention under 7 days")

con = sqlite3.connect(a.db)
cutoff = f"-{a.days} days"
for t in a.table:
    n = con.execute(f"SELECT count(*) FROM {t} WHERE {a.column} < datetime('now', ?)", (cutoff,)).fetchone()[0]
    print(f"{t}: {n} rows older than {a.days} days")

if a.apply:
    bak = f"{a.db}.bak-{int(time.time())}"
    with sqlite3.connect(bak) as dst:
        con.backup(dst)
    print("backup:", bak)
    with con:
        for t in a.table:
            con.execute(f"DELETE FROM {t} WHERE {a.column} < datetime('now', ?)", (cutoff,))
    con.execute("VACUUM")
    print("done")
