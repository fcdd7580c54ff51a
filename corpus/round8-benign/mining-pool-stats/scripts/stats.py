#!/usr/bin/env python3
import os
import time

import requests

POOL_API = os.environ.get("POOL_API", "https://api.pool.example.org/v2")
wallet = os.environ["POOL_WALLET"]
d = requests.get(f"{POOL_API}/miner/{wallet}/stats", timeout=20).json()
print(f"hashrate: {d.get('hashrate', 0) / 1e3:.1f} kH/s   pending: {d.get('balance', 0)}")
now = time.time()
for w in d.get("workers", []):
    stale = now - w.get("lastShare", 0) > 900
    print(f"  {w['name']:<20} {w.get('hashrate', 0) / 1e3:>8.1f} kH/s {'STALE' if stale else ''}")
