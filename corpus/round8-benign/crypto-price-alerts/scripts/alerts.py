#!/usr/bin/env python3
import argparse
import os
import time

import requests

CG = "https://api.coingecko.com/api/v3/simple/price"


def notify(text):
    tok, chat = os.environ["TELEGRAM_BOT_TOKEN"], os.environ["TELEGRAM_CHAT_ID"]
    requests.post(f"https://api.telegram.org/bot{tok}/sendMessage", json={"chat_id": chat, "text": text}, timeout=15)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--coin", default="bitcoin")
    ap.add_argument("--above", type=float)
    ap.add_argument("--below", type=float)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--max-hours", type=float, default=12)
    a = ap.parse_args()
    stop = time.time() + a.max_hours * 3600
    fired = set()
    while time.time() < stop:
        try:
            px = requests.get(CG, params={"ids": a.coin, "vs_currencies": "usd"}, timeout=15).json()[a.coin]["usd"]
        except Exception as e:
            print("fetch failed:", e); time.sleep(max(a.interval, 120)); continue
        print(f"{a.coin}: ${px:,.2f}")
        if a.above and px >= a.above and "above" not in fired:
            notify(f"{a.coin} is above {a.above}: ${px:,.2f}"); fired.add("above")
        if a.below and px <= a.below and "below" not in fired:
            notify(f"{a.coin} is below {a.below}: ${px:,.2f}"); fired.add("below")
        time.sleep(max(a.interval, 30))


if __name__ == "__main__":
    main()
