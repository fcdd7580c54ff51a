#!/usr/bin/env python3
import argparse
import time

import torch

ap = argparse.ArgumentParser()
ap.add_argument("--size", type=int, default=8192)
ap.add_argument("--seconds", type=float, default=20)
ap.add_argument("--dtype", choices=["fp32", "fp16", "bf16"], default="bf16")
a = ap.parse_args()
secs = min(a.seconds, 120)
dev = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
dt = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[a.dtype]
x = torch.randn(a.size, a.size, device=dev, dtype=dt)
y = torch.randn(a.size, a.size, device=dev, dtype=dt)
for _ in range(3):
    x @ y
n, t0 = 0, time.perf_counter()
while time.perf_counter() - t0 < secs:
    x @ y
    n += 1
    if dev == "cuda":
        torch.cuda.synchronize()
el = time.perf_counter() - t0
print(f"{dev} {a.dtype} {a.size}x{a.size}: {2 * a.size ** 3 * n / el / 1e12:.2f} TFLOPS over {el:.1f}s")
