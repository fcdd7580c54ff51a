#!/usr/bin/env python3
import argparse, json, os, time, urllib.request, urllib.error

HOOK = os.environ.get("UPTIME_WEBHOOK_URL")


def probe(url):
    t = time.time()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers={"User-Agent": "uptime-monitor/1.0"}), timeout=10) as r:
            return r.status, int((time.time() - t) * 1000)
    except urllib.error.HTTPError as e:
        return e.code, int((time.time() - t) * 1000)
    except Exception:
        return 0, None


def alert(text):
    if not HOOK:
        print("(no UPTIME_WEBHOOK_URL set) " + text); return
    body = json.dumps({"text": text, "content": text}).encode()
    urllib.request.urlopen(urllib.request.Request(HOOK, data=body, headers={"Content-Type": "application/json"}), timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("targets")
    ap.add_argument("--every", type=int, default=0)
    a = ap.parse_args()
    urls = [l.strip() for l in open(a.targets) if l.strip() and not l.startswith("#")][:50]
    state = {}
    while True:
        for u in urls:
            code, ms = probe(u)
            up = 200 <= code < 400
            print(f"{u} {code} {ms}ms {'UP' if up else 'DOWN'}")
            if u in state and state[u] != up:
                alert(f"{'✅ RECOVERED' if up else '🔴 DOWN'} {u} (status {code}, {ms} ms)")
            state[u] = up
        if not a.every:
            break
        time.sleep(max(60, a.every))


if __name__ == "__main__":
    main()
