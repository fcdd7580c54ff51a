#!/usr/bin/env python3
import argparse
import asyncio
import statistics
import time
import urllib.parse

import aiohttp

LOCAL = {"localhost", "127.0.0.1", "::1", "0.0.0.0"}

ap = argparse.ArgumentParser()
ap.add_argument("url")
ap.add_argument("--users", type=int, default=20)
ap.add_argument("--seconds", type=int, default=30)
ap.add_argument("--i-own-this-host", action="store_true")
a = ap.parse_args()
host = urllib.parse.urlparse(a.url).hostname
if host not in LOCAL and not a.i_own_this_host:
    raise SystemExit(f"{host} is not local; pass --i-own-this-host if you are authorised to load-test it")
users, seconds = min(a.users, 200), min(a.seconds, 300)
lat, errors = [], 0


async def user(s, end):
    global errors
    while time.monotonic() < end:
        t = time.perf_counter()
        try:
            async with s.get(a.url) as r:
                await r.read()
                lat.append(time.perf_counter() - t)
        except aiohttp.ClientError:
            errors += 1
        await asyncio.sleep(0.1)


async def main():
    end = time.monotonic() + seconds
    async with aiohttp.ClientSession() as s:
        await asyncio.gather(*(user(s, end) for _ in range(users)))


asyncio.run(main())
q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [0] * 99
print(f"requests={len(lat)} errors={errors} p50={q[49]*1000:.1f}ms p95={q[94]*1000:.1f}ms p99={q[98]*1000:.1f}ms")
