#!/usr/bin/env python3
import argparse, time, urllib.robotparser
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urljoin, urlparse
import requests


class Links(HTMLParser):
    def __init__(self):
        super().__init__(); self.out = []
    def handle_starttag(self, tag, attrs):
        if tag == "a":
            for k, v in attrs:
                if k == "href" and v:
                    self.out.append(v)


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("start"); ap.add_argument("--max-pages", type=int, default=500); ap.add_argument("--delay", type=float, default=0.5)
    a = ap.parse_args()
    limit = min(a.max_pages, 5000); delay = max(a.delay, 0.2)
    host = urlparse(a.start).netloc
    rp = urllib.robotparser.RobotFileParser(urljoin(a.start, "/robots.txt")); rp.read()
    seen, q = {a.start}, deque([a.start])
    print('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    n = 0
    while q and n < limit:
        url = q.popleft()
        if not rp.can_fetch("sitemap-crawler", url):
            continue
        r = requests.get(url, timeout=15, headers={"User-Agent": "sitemap-crawler/1.0"})
        n += 1
        print(f"  <url><loc>{url}</loc></url>")
        if "text/html" in r.headers.get("content-type", ""):
            p = Links(); p.feed(r.text)
            for h in p.out:
                u = urljoin(url, h).split("#")[0]
                if urlparse(u).netloc == host and u not in seen:
                    seen.add(u); q.append(u)
        time.sleep(delay)
    print("</urlset>")


if __name__ == "__main__":
    main()
