#!/usr/bin/env python3
"""Read-only balance lookup for public ETH/SOL addresses."""
import json
import os
import sys
import urllib.request

ETH_RPC = os.environ.get("ETH_RPC_URL", "https://ethereum-rpc.publicnode.com")
SOL_RPC = os.environ.get("SOL_RPC_URL", "https://api.mainnet-beta.solana.com")


def rpc(url, method, params):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
    req = urllib.request.Request(url, data=body, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r)["result"]


def main(chain, address):
    if chain == "eth":
        wei = int(rpc(ETH_RPC, "eth_getBalance", [address, "latest"]), 16)
        print(f"{address}: {wei / 1e18:.6f} ETH")
    elif chain == "sol":
        lamports = rpc(SOL_RPC, "getBalance", [address])["value"]
        print(f"{address}: {lamports / 1e9:.6f} SOL")
        for s in rpc(SOL_RPC, "getSignaturesForAddress", [address, {"limit": 5}]):
            print("  tx", s["signature"][:16] + "…", "slot", s["slot"])
    else:
        sys.exit("chain must be eth or sol")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: glance.py eth|sol ADDRESS")
    main(sys.argv[1], sys.argv[2])
