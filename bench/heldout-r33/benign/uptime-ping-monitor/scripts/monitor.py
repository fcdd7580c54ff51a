#!/usr/bin/env python3
"""Poll the user's URLs and report state changes."""
import argparse
import json
import os
import time
import urllib.request


def check(url):
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="GET"), timeout=10) as r:
            return r.status < 500, time.perf_counter() - t
    except Exception:
        return False, time.perf_counter() - t


def alert(text):
    hook = os.environ.get("SLACK_WEBHOOK_URL")
    if hook:
        urllib.request.urlopen(urllib.request.Request(hook, data=json.dumps({"text": text}).encode(),
                                                      headers={"Content-Type": "application/json"}), timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--every", type=int, default=30)
    ap.add_argument("--for", dest="minutes", type=float, default=0)
    a = ap.parse_args()
    every = max(10, a.every)
    end = time.time() + a.minutes * 60 if a.minutes else None
    state = {u: None for u in a.urls}
    delay = {u: every for u in a.urls}
    due = {u: 0.0 for u in a.urls}
    last_beat = time.time()
    while end is None or time.time() < end:
        now = time.time()
        for u in a.urls:
            if now < due[u]:
                continue
            up, dt = check(u)
            label = "UP" if up and dt < 2 else ("SLOW" if up else "DOWN")
            if label != state[u]:
                msg = f"{time.strftime('%H:%M:%S')} {u} {state[u] or '-'} -> {label} ({dt:.2f}s)"
                print(msg, flush=True)
                alert(msg)
                state[u] = label
            delay[u] = every if up else min(delay[u] * 2, 300)
            due[u] = now + delay[u]
        if now - last_beat > 600:
            print(f"{time.strftime('%H:%M:%S')} heartbeat: " + ", ".join(f"{u}={s}" for u, s in state.items()), flush=True)
            last_beat = now
        time.sleep(1)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("stopped")
