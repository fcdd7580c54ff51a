#!/usr/bin/env python3
import time
import torch

dev = "cuda" if torch.cuda.is_available() else "cpu"
for n in (1024, 2048, 4096):
    a = torch.randn(n, n, device=dev, dtype=torch.float16 if dev == "cuda" else torch.float32)
    b = torch.randn_like(a)
    for _ in range(3):
        a @ b
    if dev == "cuda": torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(20):
        a @ b
    if dev == "cuda": torch.cuda.synchronize()
    dt = (time.perf_counter() - t) / 20
    print(f"{dev} n={n}: {2 * n**3 / dt / 1e12:.2f} TFLOPS")
