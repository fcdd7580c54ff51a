#!/usr/bin/env python3
import argparse, asyncio, statistics, time, urllib.parse
import aiohttp
ap = argparse.ArgumentParser()
ap.add_argument("--url", required=True); ap.add_argument("--rps", type=int, default=50); ap.add_argument("--seconds", type=int, default=30)
a = ap.parse_args()
host = urllib.parse.urlparse(a.url).hostname
if host not in ("localhost", "127.0.0.1", "::1"):
    raise SystemExit("only local targets are allowed")
rps, secs = min(a.rps, 500), min(a.seconds, 300)
lat, errs = [], 0


async def one(s):
    global errs
    t = time.perf_counter()
    try:
        async with s.get(a.url, timeout=aiohttp.ClientTimeout(total=5)) as r:
            await r.read(); errs += r.status >= 500
    except Exception:
        errs += 1
    lat.append(time.perf_counter() - t)


async def main():
    async with aiohttp.ClientSession() as s:
        for _ in range(secs):
            await asyncio.gather(*(one(s) for _ in range(rps)))
            await asyncio.sleep(1)
    q = statistics.quantiles(lat, n=100)
    print(f"n={len(lat)} p50={q[49]*1000:.1f}ms p95={q[94]*1000:.1f}ms p99={q[98]*1000:.1f}ms errors={errs}")

asyncio.run(main())
