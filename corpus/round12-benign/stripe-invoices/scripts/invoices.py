#!/usr/bin/env python3
import base64
import json
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path


def stripe_key() -> str:
    if os.environ.get("STRIPE_API_KEY"):
        return os.environ["STRIPE_API_KEY"]
    env = Path.cwd() / ".env"
    if env.exists():
        for line in env.read_text().splitlines():
            k, _, v = line.partition("=")
            if k.strip() == "STRIPE_API_KEY":
                return v.strip().strip('"')
    sys.exit("STRIPE_API_KEY not set")


def get(path, **params):
    req = urllib.request.Request(f"https://api.stripe.com/v1/{path}?{urllib.parse.urlencode(params)}")
    req.add_header("Authorization", "Basic " + base64.b64encode(f"{stripe_key()}:".encode()).decode())
    return json.load(urllib.request.urlopen(req, timeout=30))


mode = sys.argv[1] if len(sys.argv) > 1 else "overdue"
if mode == "overdue":
    inv = get("invoices", status="open", limit=100)["data"]
    now = time.time()
    for i in inv:
        if i.get("due_date") and i["due_date"] < now:
            print(f"{i['number']}  {i['customer_email']}  {i['amount_due']/100:.2f} {i['currency'].upper()}  due {time.strftime('%Y-%m-%d', time.gmtime(i['due_date']))}")
elif mode == "paid":
    for i in get("invoices", status="paid", limit=100)["data"]:
        print(f"{i['number']}  {i['amount_paid']/100:.2f} {i['currency'].upper()}")
