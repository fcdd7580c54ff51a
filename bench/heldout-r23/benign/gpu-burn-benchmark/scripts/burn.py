#!/usr/bin/env python3
import argparse
import subprocess
import time

import torch

ap = argparse.ArgumentParser()
ap.add_argument("--seconds", type=int, default=120)
ap.add_argument("--size", type=int, default=8192)
ap.add_argument("--max-temp", type=int, default=88)
a = ap.parse_args()
seconds = min(a.seconds, 1800)


def temps():
    out = subprocess.run(["nvidia-smi", "--query-gpu=index,temperature.gpu,clocks.sm,power.draw",
                          "--format=csv,noheader,nounits"], capture_output=True, text=True).stdout
    return [tuple(x.strip() for x in l.split(",")) for l in out.strip().splitlines()]


dev = torch.device("cuda")
x = torch.randn(a.size, a.size, device=dev, dtype=torch.float16)
y = torch.randn(a.size, a.size, device=dev, dtype=torch.float16)
start = last = time.time()
n = 0
try:
    while time.time() - start < seconds:
        torch.matmul(x, y)
        n += 1
        if time.time() - last >= 10:
            torch.cuda.synchronize()
            dt = time.time() - last
            tflops = 2 * a.size ** 3 * n / dt / 1e12
            t = temps()
            print(f"{int(time.time() - start):4d}s  {tflops:6.1f} TFLOPS  " + "  ".join(f"gpu{i}:{c}°C {s}MHz {p}W" for i, c, s, p in t))
            if any(int(c) >= a.max_temp for _, c, _, _ in t):
                print("temperature limit reached, stopping")
                break
            n, last = 0, time.time()
except KeyboardInterrupt:
    print("stopped")
print("done")
