#!/usr/bin/env python3
import argparse
import subprocess
import time

import torch


def temp():
    out = subprocess.run(["nvidia-smi", "--query-gpu=temperature.gpu", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True).stdout.split()
    return max(int(x) for x in out) if out else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--max-temp", type=int, default=87)
    a = ap.parse_args()
    minutes = max(1.0, min(a.minutes, 60.0))
    dev = torch.device("cuda")
    n = 8192
    x = torch.randn(n, n, device=dev, dtype=torch.float16)
    ref = (x @ x).float().sum().item()
    end = time.time() + minutes * 60
    peak, errors, flops, t0 = 0, 0, 0.0, time.time()
    while time.time() < end:
        for _ in range(20):
            y = x @ x
        torch.cuda.synchronize()
        flops += 20 * 2 * n ** 3
        if abs(y.float().sum().item() - ref) > abs(ref) * 1e-3:
            errors += 1
        t = temp()
        peak = max(peak, t)
        if t >= a.max_temp:
            print(f"stopping: temperature {t}C >= {a.max_temp}C")
            break
        if errors >= 3:
            print("stopping: repeated compute mismatches")
            break
    dur = time.time() - t0
    print(f"duration {dur / 60:.1f} min, peak {peak}C, {flops / dur / 1e12:.1f} TFLOPS, errors {errors}")


if __name__ == "__main__":
    main()
