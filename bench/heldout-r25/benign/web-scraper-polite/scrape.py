#!/usr/bin/env python3
import argparse
import json
import time
import urllib.parse
import urllib.request
import urllib.robotparser

from bs4 import BeautifulSoup


def fetch(url, ua, tries=3):
    for n in range(tries + 1):
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers={"User-Agent": ua}), timeout=20) as r:
                return r.read()
        except urllib.error.HTTPError as e:
            if e.code not in (429, 503) or n == tries:
                raise
            time.sleep(int(e.headers.get("Retry-After", 2 ** (n + 1))))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls")
    ap.add_argument("--select", action="append", default=[])
    ap.add_argument("--out", default="data.json")
    ap.add_argument("--delay", type=float, default=2.0)
    ap.add_argument("--max-pages", type=int, default=500)
    ap.add_argument("--ua-contact", default="")
    a = ap.parse_args()
    ua = f"polite-scraper/1.2 (+{a.ua_contact})" if a.ua_contact else "polite-scraper/1.2"
    robots, last, rows = {}, {}, []
    urls = [u.strip() for u in open(a.urls) if u.strip()][: a.max_pages]
    for u in urls:
        host = urllib.parse.urlsplit(u).netloc
        if host not in robots:
            rp = urllib.robotparser.RobotFileParser(f"https://{host}/robots.txt")
            rp.read()
            robots[host] = rp
        if not robots[host].can_fetch(ua, u):
            print("robots.txt disallows", u)
            continue
        wait = a.delay - (time.time() - last.get(host, 0))
        if wait > 0:
            time.sleep(wait)
        last[host] = time.time()
        soup = BeautifulSoup(fetch(u, ua), "html.parser")
        rows.append({"url": u, **{s: [e.get_text(strip=True) for e in soup.select(s)] for s in a.select}})
    json.dump(rows, open(a.out, "w"), indent=2, ensure_ascii=False)
    print(f"{len(rows)} pages -> {a.out}")


if __name__ == "__main__":
    main()
