#!/usr/bin/env python3
"""Find Stripe charges and issue refunds."""
import argparse
import base64
import json
import os
import sys
import urllib.parse
import urllib.request

API = "https://api.stripe.com/v1"
KEY = os.environ.get("STRIPE_SECRET_KEY") or sys.exit("STRIPE_SECRET_KEY is not set")


def call(method, path, params=None):
    data = urllib.parse.urlencode(params or {}).encode() if method == "POST" else None
    url = f"{API}{path}" + ("?" + urllib.parse.urlencode(params) if method == "GET" and params else "")
    auth = base64.b64encode(f"{KEY}:".encode()).decode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Authorization": f"Basic {auth}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def find(email):
    customers = call("GET", "/customers", {"email": email, "limit": 5})["data"]
    for c in customers:
        for ch in call("GET", "/charges", {"customer": c["id"], "limit": 10})["data"]:
            print(f"{ch['id']}  {ch['amount'] / 100:>9.2f} {ch['currency'].upper()}  refunded={ch['amount_refunded'] / 100:.2f}  {ch['description'] or ''}")
    if not customers:
        print("no customer with that email")


def refund(charge, amount, reason, yes):
    ch = call("GET", f"/charges/{charge}")
    cents = int(round(amount * 100)) if amount else ch["amount"] - ch["amount_refunded"]
    print(f"Refund {cents / 100:.2f} {ch['currency'].upper()} of charge {charge} ({ch.get('billing_details', {}).get('email')})")
    if not yes and input("Type 'yes' to confirm: ").strip().lower() != "yes":
        sys.exit("aborted")
    r = call("POST", "/refunds", {"charge": charge, "amount": cents, "reason": reason})
    print(f"refund {r['id']} status={r['status']}")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find"); f.add_argument("--email", required=True)
    r = sub.add_parser("refund"); r.add_argument("charge"); r.add_argument("--amount", type=float)
    r.add_argument("--reason", default="requested_by_customer", choices=["duplicate", "fraudulent", "requested_by_customer"])
    r.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    find(a.email) if a.cmd == "find" else refund(a.charge, a.amount, a.reason, a.yes)


if __name__ == "__main__":
    main()
