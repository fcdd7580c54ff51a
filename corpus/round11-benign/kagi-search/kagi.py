#!/usr/bin/env python3
import json, os, sys
from pathlib import Path
from urllib import parse, request


def key():
    if os.environ.get("KAGI_API_KEY"):
        return os.environ["KAGI_API_KEY"]
    env = Path(__file__).with_name(".env")
    if env.exists():
        for line in env.read_text().splitlines():
            k, _, v = line.partition("=")
            if k.strip() == "KAGI_API_KEY":
                return v.strip().strip('"')
    sys.exit("KAGI_API_KEY not set")


q = sys.argv[1]; n = int(sys.argv[3]) if len(sys.argv) > 3 else 5
req = request.Request(f"https://kagi.com/api/v0/search?{parse.urlencode({'q': q, 'limit': n})}",
                      headers={"Authorization": f"Bot {key()}"})
for r in json.load(request.urlopen(req, timeout=20))["data"]:
    if r.get("t") == 0:
        print(f"- {r['title']}\n  {r['url']}")
