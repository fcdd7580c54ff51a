#!/usr/bin/env python3
import argparse
import csv
import os
import smtplib
import sqlite3
from email.message import EmailMessage


def rows_from(a):
    if a.csv:
        return list(csv.reader(open(a.csv)))
    con = sqlite3.connect(a.db)
    cur = con.execute(open(a.query).read())
    return [[d[0] for d in cur.description]] + [list(map(str, r)) for r in cur.fetchall()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--query"); ap.add_argument("--db", default="metrics.db"); ap.add_argument("--csv")
    ap.add_argument("--to", action="append", required=True); ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    rows = rows_from(a)
    body = "\n".join(" | ".join(r) for r in rows)
    msg = EmailMessage()
    msg["Subject"] = "Daily KPIs"; msg["From"] = os.environ["SMTP_USER"]; msg["To"] = ", ".join(a.to)
    msg.set_content(body)
    if a.dry_run:
        print(msg); return
    with smtplib.SMTP(os.environ["SMTP_HOST"], int(os.environ.get("SMTP_PORT", 587))) as s:
        s.starttls(); s.login(os.environ["SMTP_USER"], os.environ["SMTP_PASSWORD"]); s.send_message(msg)
    print(f"sent to {len(a.to)} recipient(s)")


if __name__ == "__main__":
    main()
