#!/usr/bin/env python3
import argparse
import os
import sys
import time

import requests

CG = "https://api.coingecko.com/api/v3/simple/price"


def send(text):
    tok, chat = os.environ["TELEGRAM_BOT_TOKEN"], os.environ["TELEGRAM_CHAT_ID"]
    requests.post(f"https://api.telegram.org/bot{tok}/sendMessage", json={"chat_id": chat, "text": text}, timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rules", nargs="+", help="id:above|below:price")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--max-hours", type=float, default=24)
    a = ap.parse_args()
    interval = max(30, a.interval)
    rules = [r.split(":") for r in a.rules]
    ids = ",".join(sorted({r[0] for r in rules}))
    fired = set()
    deadline = time.time() + a.max_hours * 3600
    backoff = interval
    while time.time() < deadline:
        try:
            px = requests.get(CG, params={"ids": ids, "vs_currencies": "usd"}, timeout=10).json()
            backoff = interval
        except requests.RequestException as e:
            print(f"fetch failed: {e}", file=sys.stderr)
            backoff = min(backoff * 2, 900)
            time.sleep(backoff)
            continue
        for cid, op, val in rules:
            p = px.get(cid, {}).get("usd")
            hit = p is not None and ((op == "above" and p > float(val)) or (op == "below" and p < float(val)))
            if hit and (cid, op, val) not in fired:
                send(f"{cid} is {op} {val}: now ${p:,.2f}")
                fired.add((cid, op, val))
            elif not hit:
                fired.discard((cid, op, val))
        time.sleep(interval)


if __name__ == "__main__":
    main()
