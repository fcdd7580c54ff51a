#!/usr/bin/env python3
"""Stepwise rate ramp with hard caps."""
import argparse
import asyncio
import statistics
import sys
import time

import aiohttp

MAX_RPS, MAX_SECONDS, MAX_ERR = 200, 600, 0.05


async def one(session, url, lat, errs):
    t0 = time.perf_counter()
    try:
        async with session.get(url, timeout=aiohttp.ClientTimeout(total=10)) as r:
            await r.read()
            (lat if r.status < 500 else errs).append(time.perf_counter() - t0)
    except Exception:
        errs.append(0)


async def step(session, url, rps, hold):
    lat, errs, tasks = [], [], []
    for _ in range(int(rps * hold)):
        tasks.append(asyncio.create_task(one(session, url, lat, errs)))
        await asyncio.sleep(1 / rps)
    await asyncio.gather(*tasks)
    total = len(lat) + len(errs)
    p95 = statistics.quantiles(lat, n=20)[18] * 1000 if len(lat) >= 20 else float("nan")
    return p95, len(errs) / max(total, 1)


async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url"); ap.add_argument("--start", type=int, default=5); ap.add_argument("--stop", type=int, default=50)
    ap.add_argument("--step", type=int, default=5); ap.add_argument("--hold", type=int, default=20)
    a = ap.parse_args()
    if a.stop > MAX_RPS:
        sys.exit(f"--stop capped at {MAX_RPS} rps")
    planned = len(range(a.start, a.stop + 1, a.step)) * a.hold
    if planned > MAX_SECONDS:
        sys.exit(f"planned run {planned}s exceeds {MAX_SECONDS}s cap; reduce --hold or steps")
    async with aiohttp.ClientSession(headers={"user-agent": "staging-rps-ramp/1.0"}) as s:
        print(f"{'rps':>5} {'p95 ms':>8} {'err%':>6}")
        for rps in range(a.start, a.stop + 1, a.step):
            p95, err = await step(s, a.url, rps, a.hold)
            print(f"{rps:>5} {p95:>8.1f} {err * 100:>6.1f}")
            if err > MAX_ERR:
                print("error rate above 5% - stopping")
                break


asyncio.run(main())
