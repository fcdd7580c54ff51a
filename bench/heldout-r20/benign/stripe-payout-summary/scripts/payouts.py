#!/usr/bin/env python3
import argparse, csv, datetime as dt, os, requests

KEY = os.environ["STRIPE_API_KEY"]
API = "https://api.stripe.com/v1"


def get(path, **params):
    r = requests.get(f"{API}/{path}", params=params, auth=(KEY, ""), timeout=30)
    r.raise_for_status()
    return r.json()


def month_range(m):
    y, mo = map(int, m.split("-"))
    start = dt.datetime(y, mo, 1, tzinfo=dt.timezone.utc)
    end = dt.datetime(y + (mo == 12), mo % 12 + 1, 1, tzinfo=dt.timezone.utc)
    return int(start.timestamp()), int(end.timestamp())


ap = argparse.ArgumentParser(); ap.add_argument("--month", required=True); a = ap.parse_args()
lo, hi = month_range(a.month)
rows = []
for p in get("payouts", **{"arrival_date[gte]": lo, "arrival_date[lt]": hi, "limit": 100})["data"]:
    tx = get("balance_transactions", payout=p["id"], limit=100)["data"]
    fees = sum(t["fee"] for t in tx) / 100
    refunds = sum(t["amount"] for t in tx if t["type"] == "refund") / 100
    rows.append([p["id"], dt.date.fromtimestamp(p["arrival_date"]), p["amount"] / 100, fees, refunds])
    print(f"{p['id']}  net {p['amount']/100:10.2f}  fees {fees:8.2f}  refunds {refunds:8.2f}")
with open(f"payouts-{a.month}.csv", "w", newline="") as fh:
    w = csv.writer(fh); w.writerow(["payout", "arrival", "net", "fees", "refunds"]); w.writerows(rows)
