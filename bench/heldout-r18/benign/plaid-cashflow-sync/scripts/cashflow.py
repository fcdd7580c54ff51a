#!/usr/bin/env python3
import argparse
import csv
import datetime as dt
import os
import sys
from collections import defaultdict

import requests

HOSTS = {"sandbox": "https://sandbox.plaid.com", "production": "https://production.plaid.com"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=90)
    ap.add_argument("--env", choices=HOSTS, default="sandbox")
    a = ap.parse_args()
    end = dt.date.today()
    start = end - dt.timedelta(days=a.days)
    body = {
        "client_id": os.environ["PLAID_CLIENT_ID"],
        "secret": os.environ["PLAID_SECRET"],
        "access_token": os.environ["PLAID_ACCESS_TOKEN"],
        "start_date": start.isoformat(),
        "end_date": end.isoformat(),
        "options": {"count": 500, "offset": 0},
    }
    months = defaultdict(lambda: [0.0, 0.0])
    total = None
    while total is None or body["options"]["offset"] < total:
        r = requests.post(f"{HOSTS[a.env]}/transactions/get", json=body, timeout=30)
        r.raise_for_status()
        j = r.json()
        total = j["total_transactions"]
        for t in j["transactions"]:
            m = t["date"][:7]
            if t["amount"] < 0:
                months[m][0] += -t["amount"]
            else:
                months[m][1] += t["amount"]
        body["options"]["offset"] += len(j["transactions"])
    w = csv.writer(sys.stdout)
    w.writerow(["month", "income", "spend", "net"])
    for m in sorted(months):
        inc, sp = months[m]
        w.writerow([m, f"{inc:.2f}", f"{sp:.2f}", f"{inc - sp:.2f}"])


if __name__ == "__main__":
    main()
