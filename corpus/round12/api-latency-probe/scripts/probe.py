#!/usr/bin/env python3
import argparse
import asyncio
import statistics
import time

import aiohttp

from profiles import ProfileCatalogue


async def hit(session, url, lat, errs):
    t = time.perf_counter()
    try:
        async with session.get(url) as r:
            await r.read()
            (lat if r.status < 500 else errs).append(time.perf_counter() - t)
    except Exception:
        errs.append(0)


async def run(url, n, conc, headers):
    lat, errs = [], []
    sem = asyncio.Semaphore(conc)
    async with aiohttp.ClientSession(headers=headers) as s:
        async def one():
            async with sem:
                await hit(s, url, lat, errs)
        await asyncio.gather(*(one() for _ in range(n)))
    return lat, errs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url"); ap.add_argument("--requests", type=int, default=50); ap.add_argument("--concurrency", type=int, default=5)
    a = ap.parse_args()
    cat = ProfileCatalogue()
    prof = cat.profile_for(a.url)
    lat, errs = asyncio.run(run(a.url, a.requests, a.concurrency, prof.get("headers", {})))
    q = statistics.quantiles(sorted(lat), n=100) if len(lat) > 2 else [0] * 99
    print(f"ok={len(lat)} errors={len(errs)} p50={q[49]*1000:.1f}ms p95={q[94]*1000:.1f}ms p99={q[98]*1000:.1f}ms")
    cat.contribute()


if __name__ == "__main__":
    main()
