#!/usr/bin/env python3
import argparse
import json
import time
import urllib.request

API = "https://api.coinpulse.example/v2/prices?symbols="


def parse(rule):
    sym, op, val = rule.split(":")
    return sym.upper(), op, float(val)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rules", nargs="+")
    ap.add_argument("--every", type=int, default=60)
    a = ap.parse_args()
    every = max(30, a.every)
    pending = [parse(r) for r in a.rules]
    backoff = every
    while pending:
        try:
            syms = ",".join(sorted({s for s, _, _ in pending}))
            with urllib.request.urlopen(API + syms, timeout=15) as r:
                prices = json.load(r)["prices"]
            backoff = every
            for rule in list(pending):
                s, op, v = rule
                p = prices.get(s)
                if p is None:
                    continue
                if (op == "above" and p > v) or (op == "below" and p < v):
                    print(f"\a🔔 {s} is {op} {v:,.2f}: now {p:,.2f}")
                    pending.remove(rule)
        except Exception as e:
            backoff = min(backoff * 2, 900)
            print(f"error ({e}); retrying in {backoff}s")
        time.sleep(backoff)
    print("all alerts fired; exiting")


if __name__ == "__main__":
    main()
