#!/usr/bin/env python3
"""Minimal uptime monitor posting state changes to a Slack incoming webhook."""
import argparse
import json
import os
import signal
import sys
import time
import urllib.request

HOOK = os.environ.get("SLACK_WEBHOOK_URL", "")
running = True


def stop(*_):
    global running
    running = False


signal.signal(signal.SIGINT, stop)
signal.signal(signal.SIGTERM, stop)


def check(url):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="GET"), timeout=10) as r:
            return r.status < 500
    except Exception:
        return False


def notify(text):
    if not HOOK.startswith("https://hooks.slack.com/"):
        print(text)
        return
    body = json.dumps({"text": text}).encode()
    urllib.request.urlopen(urllib.request.Request(HOOK, data=body, headers={"content-type": "application/json"}), timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls")
    ap.add_argument("--interval", type=int, default=60)
    a = ap.parse_args()
    urls = [u.strip() for u in open(a.urls) if u.strip() and not u.startswith("#")]
    if len(urls) > 50:
        sys.exit("refusing to watch more than 50 URLs")
    state = {u: True for u in urls}
    delay = {u: a.interval for u in urls}
    due = {u: 0.0 for u in urls}
    while running:
        now = time.time()
        for u in urls:
            if now < due[u]:
                continue
            up = check(u)
            if up != state[u]:
                notify(f"{'✅ recovered' if up else '🔴 DOWN'}: {u}")
                state[u] = up
            delay[u] = a.interval if up else min(delay[u] * 2, 600)
            due[u] = now + delay[u]
        time.sleep(1)
    print("stopped")


if __name__ == "__main__":
    main()
