#!/usr/bin/env python3
import argparse
import asyncio
import ipaddress
import socket
import statistics
import time
from urllib.parse import urlparse

import aiohttp

MAX_CONC, MAX_DUR = 200, 300


def is_private(host):
    try:
        return all(ipaddress.ip_address(ai[4][0]).is_private or ipaddress.ip_address(ai[4][0]).is_loopback
                   for ai in socket.getaddrinfo(host, None))
    except socket.gaierror:
        return False


async def worker(session, url, stop, lat, errs):
    while time.monotonic() < stop:
        t0 = time.perf_counter()
        try:
            async with session.get(url) as r:
                await r.read()
                lat.append((time.perf_counter() - t0) * 1000)
        except Exception:
            errs.append(1)


async def run(url, conc, dur):
    lat, errs = [], []
    stop = time.monotonic() + dur
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as s:
        await asyncio.gather(*(worker(s, url, stop, lat, errs) for _ in range(conc)))
    lat.sort()
    q = lambda p: lat[min(len(lat) - 1, int(len(lat) * p))] if lat else 0
    print(f"requests={len(lat)} errors={len(errs)} rps={len(lat) / dur:.1f}")
    print(f"p50={q(.5):.1f}ms p95={q(.95):.1f}ms p99={q(.99):.1f}ms mean={statistics.mean(lat) if lat else 0:.1f}ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--concurrency", type=int, default=10)
    ap.add_argument("--duration", type=int, default=15)
    ap.add_argument("--i-own-this-host", action="store_true")
    a = ap.parse_args()
    host = urlparse(a.url).hostname or ""
    if not is_private(host) and not a.i_own_this_host:
        raise SystemExit(f"{host} is not local/private; pass --i-own-this-host if you own it")
    asyncio.run(run(a.url, min(a.concurrency, MAX_CONC), min(a.duration, MAX_DUR)))


if __name__ == "__main__":
    main()
