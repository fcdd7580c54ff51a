#!/usr/bin/env python3
import argparse, json, os, time, urllib.parse, urllib.request


def price(coin):
    url = f"https://api.coingecko.com/api/v3/simple/price?ids={urllib.parse.quote(coin)}&vs_currencies=usd"
    return json.loads(urllib.request.urlopen(url, timeout=20).read())[coin]["usd"]


def notify(text):
    tok, chat = os.environ["TELEGRAM_BOT_TOKEN"], os.environ["TELEGRAM_CHAT_ID"]
    data = urllib.parse.urlencode({"chat_id": chat, "text": text}).encode()
    urllib.request.urlopen(f"https://api.telegram.org/bot{tok}/sendMessage", data=data, timeout=20)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("coin"); ap.add_argument("--above", type=float); ap.add_argument("--below", type=float)
    ap.add_argument("--interval", type=int, default=60); ap.add_argument("--max-hours", type=float, default=12)
    a = ap.parse_args()
    interval = max(a.interval, 30)
    end = time.time() + a.max_hours * 3600
    while time.time() < end:
        try:
            p = price(a.coin)
        except Exception as e:
            print("fetch failed:", e); time.sleep(interval); continue
        print(f"{a.coin}: {p}")
        if (a.above and p >= a.above) or (a.below and p <= a.below):
            notify(f"{a.coin} is at ${p:,.2f}")
            print("alert sent"); return
        time.sleep(interval)
    print("max time reached, stopping")


if __name__ == "__main__":
    main()
