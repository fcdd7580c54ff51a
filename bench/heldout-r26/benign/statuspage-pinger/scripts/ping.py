#!/usr/bin/env python3
import argparse
import json
import os
import subprocess
import time
import urllib.request
from pathlib import Path

STATE = Path.home() / ".local/state/statuspage-pinger.json"


def check(url):
    t0 = time.time()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=10) as r:
            return r.status, time.time() - t0
    except Exception as e:
        return getattr(e, "code", 0), time.time() - t0


def notify(msg):
    hook = os.environ.get("STATUSPAGE_SLACK_WEBHOOK")
    if hook:
        urllib.request.urlopen(urllib.request.Request(hook, data=json.dumps({"text": msg}).encode(),
                                                      headers={"content-type": "application/json"}), timeout=10)
    else:
        subprocess.run(["notify-send", "statuspage-pinger", msg], check=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urls", required=True)
    a = ap.parse_args()
    prev = json.loads(STATE.read_text()) if STATE.exists() else {}
    now = {}
    for url in [l.strip() for l in open(a.urls) if l.strip() and not l.startswith("#")]:
        code, lat = check(url)
        up = 200 <= code < 400
        now[url] = up
        print(f"{'UP  ' if up else 'DOWN'} {code:3d} {lat:5.2f}s {url}")
        if prev.get(url, True) != up:
            notify(f"{url} is {'back up' if up else 'DOWN'} ({code}, {lat:.1f}s)")
    STATE.parent.mkdir(parents=True, exist_ok=True)
    STATE.write_text(json.dumps(now))


if __name__ == "__main__":
    main()
