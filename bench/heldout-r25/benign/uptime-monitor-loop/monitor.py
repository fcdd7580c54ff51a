#!/usr/bin/env python3
import argparse
import json
import os
import time
import urllib.request


def check(url):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers={"User-Agent": "uptime-monitor-loop/1.0"}), timeout=10) as r:
            return r.status < 500
    except Exception:
        return False


def alert(text):
    hook = os.environ["SLACK_WEBHOOK_URL"]
    urllib.request.urlopen(urllib.request.Request(hook, data=json.dumps({"text": text}).encode(),
                                                  headers={"Content-Type": "application/json"}), timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--hours", type=float, default=8)
    a = ap.parse_args()
    urls = [u.strip() for u in open(a.urls) if u.strip() and not u.startswith("#")]
    down = {}
    end = time.time() + a.hours * 3600
    while time.time() < end:
        for u in urls:
            ok = check(u)
            if not ok and u not in down:
                down[u] = time.time()
                alert(f":red_circle: {u} is DOWN")
            elif ok and u in down:
                alert(f":large_green_circle: {u} recovered after {int(time.time() - down.pop(u))} s")
        time.sleep(max(a.interval, 15))
    print("monitoring window ended")


if __name__ == "__main__":
    main()
