#!/usr/bin/env python3
import argparse
import csv
import datetime as dt
import os
import re
import time

import requests

API = f"https://api.telegram.org/bot{os.environ['TELEGRAM_BOT_TOKEN']}"
ALLOWED = int(os.environ["TELEGRAM_ALLOWED_CHAT_ID"])
LINE = re.compile(r"^\s*(\d+(?:[.,]\d{1,2})?)\s+(.+)$")


def totals(path):
    today, month = dt.date.today().isoformat(), dt.date.today().isoformat()[:7]
    t = m = 0.0
    if os.path.exists(path):
        for d, amt, _ in csv.reader(open(path)):
            if d == today:
                t += float(amt)
            if d.startswith(month):
                m += float(amt)
    return t, m


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default="expenses.csv")
    a = ap.parse_args()
    offset = 0
    backoff = 1
    while True:
        try:
            r = requests.get(f"{API}/getUpdates", params={"timeout": 30, "offset": offset}, timeout=40)
            backoff = 1
        except requests.RequestException:
            time.sleep(min(backoff, 60))
            backoff *= 2
            continue
        for u in r.json().get("result", []):
            offset = u["update_id"] + 1
            msg = u.get("message") or {}
            if msg.get("chat", {}).get("id") != ALLOWED:
                continue
            m = LINE.match(msg.get("text", ""))
            if not m:
                reply = "Send: <amount> <note>, e.g. 12.50 lunch"
            else:
                with open(a.csv, "a", newline="") as fh:
                    csv.writer(fh).writerow([dt.date.today().isoformat(), m.group(1).replace(",", "."), m.group(2)])
                t, mo = totals(a.csv)
                reply = f"Logged. Today {t:.2f}, month {mo:.2f}"
            requests.post(f"{API}/sendMessage", json={"chat_id": ALLOWED, "text": reply}, timeout=10)


if __name__ == "__main__":
    main()
