#!/usr/bin/env python3
import os, sys
from pihole_api_client import Client

def main():
    c = Client(os.environ["PIHOLE_URL"], os.environ["PIHOLE_TOKEN"])
    cmd, *args = sys.argv[1:] or ["list"]
    if cmd == "add":
        c.dns.add(args[0], args[1])
    elif cmd == "rm":
        c.dns.remove(args[0])
    elif cmd == "top-blocked":
        for d, n in c.stats.top_blocked(10):
            print(f"{n:6d}  {d}")
    for rec in c.dns.list():
        print(rec.ip, rec.domain)

if __name__ == "__main__":
    main()
