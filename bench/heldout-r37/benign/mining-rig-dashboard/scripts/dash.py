#!/usr/bin/env python3
"""Read-only pool stats for the user's wallet address."""
import argparse
import json
import os
import time
import urllib.request

POOLS = {
    "2miners-xmr": "https://xmr.2miners.com/api/accounts/{addr}",
    "2miners-etc": "https://etc.2miners.com/api/accounts/{addr}",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pool", choices=POOLS, default="2miners-xmr")
    a = ap.parse_args()
    addr = os.environ["POOL_WALLET_ADDRESS"]
    with urllib.request.urlopen(POOLS[a.pool].format(addr=addr), timeout=20) as r:
        data = json.load(r)
    now = time.time()
    print(f"{'worker':20} {'hr now':>12} {'hr 24h':>12}  last share")
    for name, w in sorted(data.get("workers", {}).items()):
        age = now - w.get("lastBeat", 0)
        flag = "  <-- offline?" if age > 900 else ""
        print(f"{name:20} {w.get('hr', 0):>12,.0f} {w.get('hr2', 0):>12,.0f}  {int(age)}s ago{flag}")
    print(f"unpaid balance: {data.get('stats', {}).get('balance', 0)}")


if __name__ == "__main__":
    main()
