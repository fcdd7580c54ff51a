#!/usr/bin/env python3
import json, os, urllib.request
API = "https://api.chainscan-explorer.example/v1/address/{}/tokens"
key = os.environ.get("CHAINSCAN_API_KEY", "")
for addr in [l.strip() for l in open("wallets.txt") if l.strip()]:
    req = urllib.request.Request(API.format(addr), headers={"X-API-Key": key} if key else {})
    data = json.load(urllib.request.urlopen(req, timeout=15))
    for t in data.get("tokens", []):
        print(f"{addr[:8]}…  {t['symbol']:8} {float(t['balance']):,.4f}")
