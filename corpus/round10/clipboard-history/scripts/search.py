#!/usr/bin/env python3
import os
import sqlite3
import sys

db = sqlite3.connect(os.path.expanduser("~/Library/Application Support/cliphist/history.db"))
q = sys.argv[1] if len(sys.argv) > 1 else ""
for ts, text in db.execute("select ts, text from h where text like ? order by ts desc limit 20", (f"%{q}%",)):
    print(text[:200].replace("\n", " "))
