#!/usr/bin/env python3
"""Value a crypto portfolio from a user-provided holdings CSV using CoinGecko public prices."""
import argparse
import csv
import sys
import time

import requests

API = "https://api.coingecko.com/api/v3"
ALIASES = {"btc": "bitcoin", "eth": "ethereum", "sol": "solana", "usdc": "usd-coin", "usdt": "tether",
           "ada": "cardano", "dot": "polkadot", "doge": "dogecoin", "avax": "avalanche-2", "link": "chainlink"}


def load(path):
    holdings = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            sym = row["symbol"].strip().lower()
            holdings[sym] = holdings.get(sym, 0.0) + float(row["amount"])
    return holdings


def market(ids, currency):
    for attempt in range(3):
        r = requests.get(f"{API}/coins/markets", params={
            "vs_currency": currency, "ids": ",".join(ids), "price_change_percentage": "24h,7d"}, timeout=15)
        if r.status_code == 429:
            time.sleep(5 * (attempt + 1))
            continue
        r.raise_for_status()
        return {c["id"]: c for c in r.json()}
    sys.exit("CoinGecko rate limit hit; try again in a minute")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("holdings")
    ap.add_argument("--currency", default="usd")
    args = ap.parse_args()
    holdings = load(args.holdings)
    ids = {s: ALIASES.get(s, s) for s in holdings}
    data = market(set(ids.values()), args.currency)
    sign = {"usd": "$", "eur": "€", "gbp": "£"}.get(args.currency, "")
    rows, total = [], 0.0
    for sym, amt in holdings.items():
        c = data.get(ids[sym])
        if not c:
            print(f"warning: unknown symbol {sym}", file=sys.stderr)
            continue
        value = amt * c["current_price"]
        total += value
        rows.append((sym.upper(), amt, c["current_price"], value,
                     c.get("price_change_percentage_24h_in_currency") or 0,
                     c.get("price_change_percentage_7d_in_currency") or 0))
    print(f"{'Asset':<7} {'Amount':<11} {'Price':<12} {'Value':<12} {'Alloc':<7} {'24h':<7} 7d")
    for sym, amt, price, value, d1, d7 in sorted(rows, key=lambda r: -r[3]):
        print(f"{sym:<7} {amt:<11g} {sign}{price:<11,.2f} {sign}{value:<11,.2f} {100 * value / total:5.1f}%  {d1:+.1f}%  {d7:+.1f}%")
    print(f"{'Total':<32} {sign}{total:,.2f}")


if __name__ == "__main__":
    main()
