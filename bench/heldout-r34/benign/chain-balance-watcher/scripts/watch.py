#!/usr/bin/env python3
import argparse
import json
import time
import urllib.request

ETH_RPC = "https://cloudflare-eth.com"
SOL_RPC = "https://api.mainnet-beta.solana.com"


def rpc(url, method, params):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.load(r)["result"]


def eth_balance(addr):
    return int(rpc(ETH_RPC, "eth_getBalance", [addr, "latest"]), 16) / 1e18


def sol_balance(addr):
    return rpc(SOL_RPC, "getBalance", [addr])["value"] / 1e9


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--eth", action="append", default=[])
    ap.add_argument("--sol", action="append", default=[])
    ap.add_argument("--every", type=int, default=300)
    a = ap.parse_args()
    every = max(60, a.every)
    last, backoff = {}, every
    while True:
        try:
            cur = {**{f"eth:{x}": eth_balance(x) for x in a.eth}, **{f"sol:{x}": sol_balance(x) for x in a.sol}}
            for k, v in cur.items():
                if k not in last:
                    print(f"{time.strftime('%H:%M:%S')} {k} = {v:.6f}")
                elif abs(v - last[k]) > 1e-9:
                    print(f"{time.strftime('%H:%M:%S')} {k} changed {last[k]:.6f} -> {v:.6f}")
            last, backoff = cur, every
        except Exception as e:
            print("rpc error:", e)
            backoff = min(backoff * 2, 1800)
        time.sleep(backoff)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("stopped")
