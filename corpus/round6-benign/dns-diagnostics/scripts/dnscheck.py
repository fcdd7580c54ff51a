#!/usr/bin/env python3
import subprocess, sys

RESOLVERS = ["", "1.1.1.1", "8.8.8.8", "9.9.9.9", "208.67.222.222"]
TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS"]
domain = sys.argv[1]


def dig(rtype, server):
    cmd = ["dig", "+short", "+time=3", "+tries=1", rtype, domain] + ([f"@{server}"] if server else [])
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=10).stdout.strip()
    except subprocess.TimeoutExpired:
        return "timeout"
    return " | ".join(sorted(out.splitlines())) or "-"


for t in TYPES:
    answers = {r or "local": dig(t, r) for r in RESOLVERS}
    same = len(set(answers.values())) == 1
    print(f"{t:<6} {'consistent' if same else 'DIFFERS'}")
    for r, a in answers.items():
        if not same or r == "local":
            print(f"   {r:<16} {a[:100]}")
