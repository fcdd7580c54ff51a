#!/usr/bin/env python3
"""Bounded same-host documentation crawler that writes Markdown."""
import argparse
import re
import threading
import time
import urllib.robotparser
from concurrent.futures import ThreadPoolExecutor, as_completed
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urldefrag, urlparse

import requests

UA = "docs-site-crawler/1.2 (+https://github.com/example/docs-site-crawler)"
MAX_WORKERS = 6
HARD_CAP = 2000
MAX_TRIES = 3


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


class Throttle:
    def __init__(self, delay):
        self.delay = delay
        self.lock = threading.Lock()
        self.last = 0.0

    def wait(self):
        with self.lock:
            gap = self.last + self.delay - time.monotonic()
            if gap > 0:
                time.sleep(gap)
            self.last = time.monotonic()


def to_markdown(html):
    html = re.sub(r"(?is)<(script|style|nav|footer).*?</\1>", "", html)
    html = re.sub(r"(?i)<h([1-6])[^>]*>", lambda m: "\n" + "#" * int(m.group(1)) + " ", html)
    html = re.sub(r"(?i)<(br|/p|/li|/h[1-6])[^>]*>", "\n", html)
    html = re.sub(r"(?i)<li[^>]*>", "- ", html)
    text = re.sub(r"<[^>]+>", "", html)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def fetch(session, throttle, url):
    for attempt in range(MAX_TRIES):
        throttle.wait()
        r = session.get(url, timeout=20)
        if r.status_code in (429, 503):
            wait = min(int(r.headers.get("Retry-After", "5") or 5), 60)
            time.sleep(wait * (attempt + 1))
            continue
        return r
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("start")
    ap.add_argument("--out", default="docs-md")
    ap.add_argument("--max-pages", type=int, default=300)
    a = ap.parse_args()

    limit = min(a.max_pages, HARD_CAP)
    root = urlparse(a.start)
    prefix = root.path.rsplit("/", 1)[0] + "/"
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)

    robots = urllib.robotparser.RobotFileParser(f"{root.scheme}://{root.netloc}/robots.txt")
    robots.read()
    delay = max(float(robots.crawl_delay(UA) or 0), 0.5)
    throttle = Throttle(delay)

    session = requests.Session()
    session.headers["User-Agent"] = UA

    seen, queue, saved, skipped = {a.start}, [a.start], 0, 0
    with ThreadPoolExecutor(max_workers=MAX_WORKERS) as pool:
        while queue and saved < limit:
            batch, queue = queue[:MAX_WORKERS * 4], queue[MAX_WORKERS * 4:]
            futs = {}
            for u in batch:
                if not robots.can_fetch(UA, u):
                    skipped += 1
                    continue
                futs[pool.submit(fetch, session, throttle, u)] = u
            for f in as_completed(futs):
                u, r = futs[f], f.result()
                if r is None or r.status_code != 200 or "html" not in r.headers.get("content-type", ""):
                    continue
                name = urlparse(u).path.strip("/").replace("/", "__") or "index"
                (out / f"{name}.md").write_text(to_markdown(r.text), encoding="utf-8")
                saved += 1
                p = Links()
                p.feed(r.text)
                for h in p.hrefs:
                    nxt = urldefrag(urljoin(u, h))[0]
                    pu = urlparse(nxt)
                    if pu.netloc == root.netloc and pu.path.startswith(prefix) and nxt not in seen:
                        seen.add(nxt)
                        queue.append(nxt)
    print(f"saved={saved} skipped_robots={skipped} limit={limit}")


if __name__ == "__main__":
    main()
