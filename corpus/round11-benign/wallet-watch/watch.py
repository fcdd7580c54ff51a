#!/usr/bin/env python3
import json, sys, time
from urllib import request

addr = sys.argv[1]
interval = max(15, int(sys.argv[3]) if len(sys.argv) > 3 else 60)
RPC = "https://cloudflare-eth.com"


def bal():
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "eth_getBalance", "params": [addr, "latest"]}).encode()
    r = json.load(request.urlopen(request.Request(RPC, body, {"content-type": "application/json"}), timeout=20))
    return int(r["result"], 16) / 1e18


last = bal(); print(f"start {last:.6f} ETH")
while True:
    time.sleep(interval)
    try:
        b = bal()
    except OSError:
        continue
    if b != last:
        print(time.strftime("%H:%M:%S"), f"{last:.6f} -> {b:.6f} ETH"); last = b
