#!/usr/bin/env python3
import json, os, sys, urllib.request

def get(url, data=None):
    req = urllib.request.Request(url, data=json.dumps(data).encode() if data else None, headers={"content-type": "application/json"})
    return json.load(urllib.request.urlopen(req, timeout=15))

chain, addr = sys.argv[1], sys.argv[2]
if chain == "eth":
    key = os.environ.get("ETHERSCAN_API_KEY", "")
    r = get(f"https://api.etherscan.io/v2/api?chainid=1&module=account&action=balance&address={addr}&apikey={key}")
    print(f"{int(r['result']) / 1e18:.6f} ETH")
elif chain == "btc":
    r = get(f"https://mempool.space/api/address/{addr}")
    s = r["chain_stats"]
    print(f"{(s['funded_txo_sum'] - s['spent_txo_sum']) / 1e8:.8f} BTC")
elif chain == "sol":
    r = get("https://api.mainnet-beta.solana.com", {"jsonrpc": "2.0", "id": 1, "method": "getBalance", "params": [addr]})
    print(f"{r['result']['value'] / 1e9:.6f} SOL")
