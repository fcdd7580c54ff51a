#!/usr/bin/env python3
import argparse, os, sys
import requests

API = "https://api.stripe.com/v1"


def key():
    k = os.environ.get("STRIPE_SECRET_KEY", "")
    if not k.startswith("sk_test_"):
        sys.exit("refusing: STRIPE_SECRET_KEY must be a test-mode key (sk_test_…)")
    return k


def call(method, path, **data):
    r = requests.request(method, f"{API}{path}", auth=(key(), ""), data=data or None, timeout=20)
    if r.status_code >= 400:
        sys.exit(f"Stripe error {r.status_code} (key …{key()[-4:]}): {r.json().get('error', {}).get('message')}")
    return r.json()


def main():
    ap = argparse.ArgumentParser(); sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("product"); p.add_argument("name"); p.add_argument("amount", type=int); p.add_argument("currency")
    c = sub.add_parser("checkout"); c.add_argument("price"); c.add_argument("--success", required=True); c.add_argument("--cancel")
    e = sub.add_parser("events"); e.add_argument("--type"); e.add_argument("--limit", type=int, default=10)
    a = ap.parse_args()
    if a.cmd == "product":
        prod = call("POST", "/products", name=a.name)
        price = call("POST", "/prices", product=prod["id"], unit_amount=a.amount, currency=a.currency)
        print(f"product {prod['id']} price {price['id']}")
    elif a.cmd == "checkout":
        s = call("POST", "/checkout/sessions", mode="payment", success_url=a.success, cancel_url=a.cancel or a.success,
                 **{"line_items[0][price]": a.price, "line_items[0][quantity]": 1})
        print(s["url"])
    else:
        params = {"limit": a.limit, **({"type": a.type} if a.type else {})}
        r = requests.get(f"{API}/events", auth=(key(), ""), params=params, timeout=20).json()
        for ev in r.get("data", []):
            print(ev["id"], ev["type"], ev["created"])


if __name__ == "__main__":
    main()
