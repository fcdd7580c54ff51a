#!/usr/bin/env python3
import argparse
import csv
import datetime as dt
import os
import sys

import requests

KEY = os.environ["STRIPE_API_KEY"]


def ts(d):
    return int(dt.datetime.fromisoformat(d).replace(tzinfo=dt.timezone.utc).timestamp())


def pages(path, params):
    while True:
        r = requests.get(f"https://api.stripe.com/v1/{path}", params=params, auth=(KEY, ""), timeout=30)
        r.raise_for_status()
        body = r.json()
        yield from body["data"]
        if not body["has_more"]:
            return
        params["starting_after"] = body["data"][-1]["id"]


ap = argparse.ArgumentParser()
ap.add_argument("--from", dest="start", required=True)
ap.add_argument("--to", dest="end", required=True)
a = ap.parse_args()
w = csv.writer(sys.stdout)
w.writerow(["payout_id", "arrival_date", "amount", "currency", "status"])
for p in pages("payouts", {"limit": 100, "arrival_date[gte]": ts(a.start), "arrival_date[lte]": ts(a.end)}):
    w.writerow([p["id"], dt.date.fromtimestamp(p["arrival_date"]), p["amount"] / 100, p["currency"], p["status"]])
