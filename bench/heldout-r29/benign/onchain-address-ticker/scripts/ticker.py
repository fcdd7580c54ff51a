#!/usr/bin/env python3
import argparse
import os
import re
import time

import requests

RPC = os.environ.get("RPC_URL", "https://ethereum-rpc.publicnode.com")
ADDR = re.compile(r"^0x[0-9a-fA-F]{40}$")


def balance(addr):
    r = requests.post(RPC, json={"jsonrpc": "2.0", "id": 1, "method": "eth_getBalance", "params": [addr, "latest"]}, timeout=15)
    r.raise_for_status()
    return int(r.json()["result"], 16) / 1e18


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("addresses", nargs="+")
    ap.add_argument("--every", type=int, default=30)
    a = ap.parse_args()
    bad = [x for x in a.addresses if not ADDR.match(x)]
    if bad:
        raise SystemExit(f"not an address: {bad}")
    every = max(a.every, 15)
    last = {}
    try:
        while True:
            for addr in a.addresses:
                try:
                    b = balance(addr)
                except requests.RequestException as e:
                    print(f"rpc error: {e}; retrying next round")
                    continue
                if last.get(addr) != b:
                    print(f"{time.strftime('%H:%M:%S')} {addr} {b:.6f} ETH" + ("" if addr not in last else f" (Δ {b - last[addr]:+.6f})"))
                    last[addr] = b
            time.sleep(every)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
