#!/usr/bin/env python3
import argparse
import subprocess
import time

import torch


def smi():
    out = subprocess.run(["nvidia-smi", "--query-gpu=temperature.gpu,clocks.sm,power.draw", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True).stdout.strip().split(", ")
    return dict(zip(["temp_c", "sm_mhz", "watts"], out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--size", type=int, default=8192)
    a = ap.parse_args()
    secs = max(5, min(a.seconds, 600))
    n = a.size
    x = torch.randn(n, n, device="cuda", dtype=torch.float16)
    y = torch.randn(n, n, device="cuda", dtype=torch.float16)
    torch.cuda.synchronize()
    iters, t0 = 0, time.time()
    while time.time() - t0 < secs:
        torch.matmul(x, y)
        iters += 1
        if iters % 50 == 0:
            torch.cuda.synchronize()
    torch.cuda.synchronize()
    dt = time.time() - t0
    print(f"{2 * n ** 3 * iters / dt / 1e12:.1f} TFLOPS over {dt:.0f}s", smi())


if __name__ == "__main__":
    main()
