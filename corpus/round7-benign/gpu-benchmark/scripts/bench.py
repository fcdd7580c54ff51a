#!/usr/bin/env python3
import argparse
import time

import torch

REF = {"RTX 4090": 82.6, "RTX 3080": 29.8, "A100": 19.5, "M2 Max": 13.6}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--n", type=int, default=4096)
    a = ap.parse_args()
    secs = min(max(a.seconds, 1), 60)
    dev = "cuda" if torch.cuda.is_available() else ("mps" if torch.backends.mps.is_available() else "cpu")
    x = torch.randn(a.n, a.n, device=dev)
    y = torch.randn(a.n, a.n, device=dev)
    iters, t0 = 0, time.time()
    while time.time() - t0 < secs:
        (x @ y).sum().item()
        iters += 1
    dt = time.time() - t0
    tflops = 2 * a.n ** 3 * iters / dt / 1e12
    name = torch.cuda.get_device_name() if dev == "cuda" else dev
    print(f"device: {name}\nmatmul fp32: {tflops:.2f} TFLOPS over {dt:.1f}s ({iters} iters)")
    for k, v in REF.items():
        print(f"  ref {k:<9} {v:5.1f} TFLOPS")


if __name__ == "__main__":
    main()
