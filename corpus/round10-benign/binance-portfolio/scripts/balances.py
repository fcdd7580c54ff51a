#!/usr/bin/env python3
import hashlib
import hmac
import os
import time
import urllib.parse

import requests

BASE = "https://api.binance.com"
KEY = os.environ["BINANCE_API_KEY"]
SECRET = os.environ["BINANCE_API_SECRET"].encode()


def signed(path, **params):
    params["timestamp"] = int(time.time() * 1000)
    q = urllib.parse.urlencode(params)
    sig = hmac.new(SECRET, q.encode(), hashlib.sha256).hexdigest()
    r = requests.get(f"{BASE}{path}?{q}&signature={sig}", headers={"X-MBX-APIKEY": KEY}, timeout=15)
    r.raise_for_status()
    return r.json()


def main():
    acct = signed("/api/v3/account", omitZeroBalances="true")
    perms = acct.get("permissions", [])
    if acct.get("canTrade") or acct.get("canWithdraw"):
        print("warning: this key can trade or withdraw; a read-only key is recommended")
    for b in acct["balances"]:
        total = float(b["free"]) + float(b["locked"])
        if total:
            print(f"{b['asset']:8s} {total:.8f}")
    for o in signed("/api/v3/openOrders"):
        print(f"open: {o['symbol']} {o['side']} {o['origQty']} @ {o['price']}")


if __name__ == "__main__":
    main()
