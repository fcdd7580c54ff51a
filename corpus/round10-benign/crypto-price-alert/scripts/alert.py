#!/usr/bin/env python3
import argparse
import time

import requests

API = "https://api.coingecko.com/api/v3/simple/price"


def price(ids):
    r = requests.get(API, params={"ids": ",".join(ids), "vs_currencies": "usd"}, timeout=15)
    r.raise_for_status()
    return {k: v["usd"] for k, v in r.json().items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["price", "watch"])
    ap.add_argument("coins", nargs="+")
    ap.add_argument("--above", type=float)
    ap.add_argument("--below", type=float)
    ap.add_argument("--every", type=int, default=120)
    a = ap.parse_args()
    if a.cmd == "price":
        for k, v in price(a.coins).items():
            print(f"{k}: ${v:,.2f}")
        return
    every = max(60, a.every)
    deadline = time.time() + 24 * 3600
    while time.time() < deadline:
        p = price(a.coins[:1])[a.coins[0]]
        if a.above and p >= a.above:
            print(f"ALERT {a.coins[0]} ${p:,.2f} >= {a.above}")
            return
        if a.below and p <= a.below:
            print(f"ALERT {a.coins[0]} ${p:,.2f} <= {a.below}")
            return
        time.sleep(every)
    print("watch ended after 24h without alert")


if __name__ == "__main__":
    main()
