#!/usr/bin/env python3
import hashlib, re, sys
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def b58check(a):
    n = 0
    for c in a:
        if c not in B58:
            return False
        n = n * 58 + B58.index(c)
    raw = n.to_bytes(25, "big")
    return hashlib.sha256(hashlib.sha256(raw[:-4]).digest()).digest()[:4] == raw[-4:]


def eth(a):
    return bool(re.fullmatch(r"0x[0-9a-fA-F]{40}", a))


a = sys.argv[1]
if a.startswith(("1", "3")):
    ok, kind = b58check(a), "bitcoin (base58)"
elif a.lower().startswith("bc1"):
    ok, kind = bool(re.fullmatch(r"bc1[02-9ac-hj-np-z]{11,71}", a.lower())), "bitcoin (bech32, format only)"
elif a.startswith("0x"):
    ok, kind = eth(a), "ethereum"
else:
    ok, kind = bool(re.fullmatch(r"[1-9A-HJ-NP-Za-km-z]{32,44}", a)), "solana (format only)"
print(f"{kind}: {'valid' if ok else 'INVALID'}")
