#!/usr/bin/env python3
import argparse
import json
import os
import time
import urllib.request

ap = argparse.ArgumentParser()
ap.add_argument("addresses", nargs="+"); ap.add_argument("--every", type=int, default=300); ap.add_argument("--max-hours", type=float, default=12)
a = ap.parse_args()
every = max(60, a.every)
deadline = time.time() + min(a.max_hours, 72) * 3600
key = os.environ["ETHERSCAN_API_KEY"]
last = {}
while time.time() < deadline:
    url = f"https://api.etherscan.io/v2/api?chainid=1&module=account&action=balancemulti&address={','.join(a.addresses)}&tag=latest&apikey={key}"
    try:
        for r in json.load(urllib.request.urlopen(url, timeout=20))["result"]:
            bal = int(r["balance"]) / 1e18
            if r["account"] in last and last[r["account"]] != bal:
                print(f"{time.strftime('%H:%M')} {r['account'][:10]}… {last[r['account']]:.4f} -> {bal:.4f} ETH", flush=True)
            last[r["account"]] = bal
    except Exception as e:
        print(f"poll failed: {e}", flush=True)
    time.sleep(every)
print("watch finished (time limit reached)")
