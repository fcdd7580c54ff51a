#!/usr/bin/env python3
import getpass
import hashlib

import requests
from zxcvbn import zxcvbn


def pwned_count(pw: str) -> int:
    h = hashlib.sha1(pw.encode()).hexdigest().upper()
    prefix, suffix = h[:5], h[5:]
    r = requests.get(f"https://api.pwnedpasswords.com/range/{prefix}", headers={"Add-Padding": "true"}, timeout=10)
    r.raise_for_status()
    for line in r.text.splitlines():
        s, _, n = line.partition(":")
        if s == suffix:
            return int(n)
    return 0


pw = getpass.getpass("Password to check: ")
res = zxcvbn(pw)
print(f"score: {res['score']}/4, offline crack time: {res['crack_times_display']['offline_slow_hashing_1e4_per_second']}")
n = pwned_count(pw)
print(f"found in {n:,} breaches" if n else "not found in known breaches")
for s in res["feedback"]["suggestions"]:
    print("-", s)
