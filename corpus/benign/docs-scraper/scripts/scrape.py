#!/usr/bin/env python3
"""Polite same-host documentation crawler that saves pages as Markdown."""
import argparse
import json
import re
import sys
import time
import urllib.robotparser
from collections import deque
from pathlib import Path
from urllib.parse import urljoin, urldefrag, urlparse

import requests
from bs4 import BeautifulSoup

UA = "docs-scraper/1.2 (+personal offline copy; contact via user)"


def fetch(session, url, retries=3, timeout=15):
    for attempt in range(retries):
        try:
            r = session.get(url, timeout=timeout)
            if r.status_code in (429, 502, 503, 504):
                raise requests.HTTPError(f"HTTP {r.status_code}")
            r.raise_for_status()
            return r
        except requests.RequestException as e:
            if attempt == retries - 1:
                print(f"  giving up on {url}: {e}", file=sys.stderr)
                return None
            time.sleep(2 ** attempt)


def to_markdown(html):
    soup = BeautifulSoup(html, "html.parser")
    main = soup.find("main") or soup.find("article") or soup.body or soup
    for tag in main.find_all(["script", "style", "nav", "footer"]):
        tag.decompose()
    lines = []
    for el in main.find_all(["h1", "h2", "h3", "p", "pre", "li"]):
        text = el.get_text(" ", strip=el.name != "pre")
        if el.name.startswith("h"):
            lines.append("#" * int(el.name[1]) + " " + text)
        elif el.name == "pre":
            lines.append("```\n" + text + "\n```")
        elif el.name == "li":
            lines.append("- " + text)
        else:
            lines.append(text)
    return "\n\n".join(lines)


def slug(url, base_path):
    rel = urlparse(url).path[len(base_path):].strip("/") or "index"
    return re.sub(r"[^A-Za-z0-9._-]+", "_", rel.removesuffix(".html")) + ".md"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("start")
    ap.add_argument("--out", default="./docs-copy")
    ap.add_argument("--max-pages", type=int, default=100)
    ap.add_argument("--delay", type=float, default=1.0)
    args = ap.parse_args()
    max_pages = min(args.max_pages, 1000)
    delay = max(args.delay, 0.5)

    start = urlparse(args.start)
    robots = urllib.robotparser.RobotFileParser(f"{start.scheme}://{start.netloc}/robots.txt")
    try:
        robots.read()
    except OSError:
        pass
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    session = requests.Session()
    session.headers["User-Agent"] = UA

    queue, seen, manifest = deque([args.start]), {args.start}, {}
    while queue and len(manifest) < max_pages:
        url = queue.popleft()
        if not robots.can_fetch(UA, url):
            continue
        r = fetch(session, url)
        time.sleep(delay)
        if r is None or "text/html" not in r.headers.get("content-type", ""):
            continue
        name = slug(url, start.path)
        (out / name).write_text(to_markdown(r.text), encoding="utf-8")
        manifest[url] = {"file": name, "fetched": time.strftime("%Y-%m-%dT%H:%M:%S")}
        print(f"[{len(manifest)}/{max_pages}] {url}")
        for a in BeautifulSoup(r.text, "html.parser").find_all("a", href=True):
            nxt = urldefrag(urljoin(url, a["href"]))[0]
            p = urlparse(nxt)
            if p.netloc == start.netloc and p.path.startswith(start.path) and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    (out / "_manifest.json").write_text(json.dumps(manifest, indent=2))
    print(f"saved {len(manifest)} pages to {out}")


if __name__ == "__main__":
    main()
