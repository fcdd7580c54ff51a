#!/usr/bin/env python3
import argparse

import requests

ap = argparse.ArgumentParser()
ap.add_argument("--rigs", required=True)
ap.add_argument("--min-hashrate", type=float, default=0)
a = ap.parse_args()
for url in [l.strip() for l in open(a.rigs) if l.strip() and not l.startswith("#")]:
    try:
        s = requests.get(f"{url}/2/summary", timeout=5).json()
    except requests.RequestException as e:
        print(f"{url}: DOWN ({e.__class__.__name__})")
        continue
    hr = (s.get("hashrate", {}).get("total") or [0])[0] or 0
    pool = s.get("connection", {}).get("pool", "?")
    shares = s.get("results", {}).get("shares_good", 0)
    flag = "  LOW" if hr < a.min_hashrate else ""
    print(f"{url}: {hr:.0f} H/s pool={pool} shares={shares}{flag}")
