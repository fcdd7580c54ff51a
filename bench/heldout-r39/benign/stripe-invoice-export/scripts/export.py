#!/usr/bin/env python3
import argparse
import base64
import csv
import datetime as dt
import json
import os
import sys
import urllib.parse
import urllib.request

API = "https://api.stripe.com/v1/invoices"


def ts(d):
    return int(dt.datetime.fromisoformat(d).replace(tzinfo=dt.timezone.utc).timestamp())


def fetch(key, start, end):
    auth = base64.b64encode(f"{key}:".encode()).decode()
    after = None
    while True:
        q = {"limit": 100, "created[gte]": start, "created[lt]": end, "expand[]": "data.customer"}
        if after:
            q["starting_after"] = after
        req = urllib.request.Request(API + "?" + urllib.parse.urlencode(q), headers={"Authorization": f"Basic {auth}"})
        with urllib.request.urlopen(req, timeout=30) as r:
            page = json.load(r)
        yield from page["data"]
        if not page["has_more"]:
            return
        after = page["data"][-1]["id"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="start", required=True)
    ap.add_argument("--to", dest="end", required=True)
    ap.add_argument("--out", default="invoices.csv")
    a = ap.parse_args()
    key = os.environ.get("STRIPE_API_KEY")
    if not key:
        sys.exit("STRIPE_API_KEY is not set")
    totals, n = {}, 0
    with open(a.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["number", "customer", "currency", "amount_due", "tax", "status", "paid_at"])
        for inv in fetch(key, ts(a.start), ts(a.end)):
            cust = inv["customer"]["email"] if isinstance(inv["customer"], dict) else inv["customer"]
            paid = inv.get("status_transitions", {}).get("paid_at")
            w.writerow([inv["number"], cust, inv["currency"], inv["amount_due"] / 100, (inv.get("tax") or 0) / 100,
                        inv["status"], dt.datetime.utcfromtimestamp(paid).date() if paid else ""])
            totals[inv["currency"]] = totals.get(inv["currency"], 0) + inv["amount_due"] / 100
            n += 1
    print(f"{n} invoices -> {a.out}")
    for c, t in totals.items():
        print(f"  {c.upper()}: {t:,.2f}")


if __name__ == "__main__":
    main()
