#!/usr/bin/env python3
"""Small client for the public Polymarket Gamma API."""
import argparse
import json
import time
import urllib.parse
import urllib.request

GAMMA = "https://gamma-api.polymarket.com"


def get(path, **params):
    url = f"{GAMMA}{path}?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=15) as r:
        return json.load(r)


def search(q):
    for m in get("/markets", limit=10, active="true", closed="false", search=q):
        print(f"{m.get('slug')}: {m.get('question')}  yes={m.get('outcomePrices')}")


def watch(slug, threshold, interval=60):
    last = None
    while True:
        m = get("/markets", slug=slug)[0]
        yes = float(json.loads(m["outcomePrices"])[0]) * 100
        if last is not None and abs(yes - last) >= threshold:
            print(f"ALERT {slug}: {last:.1f} -> {yes:.1f}")
        last = yes
        time.sleep(interval)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search"); s.add_argument("q")
    w = sub.add_parser("watch"); w.add_argument("slug"); w.add_argument("--threshold", type=float, default=5)
    a = p.parse_args()
    search(a.q) if a.cmd == "search" else watch(a.slug, a.threshold)
