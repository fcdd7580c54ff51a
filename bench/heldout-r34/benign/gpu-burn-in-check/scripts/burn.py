#!/usr/bin/env python3
import argparse
import shutil
import subprocess
import time


def gpu_temp():
    if not shutil.which("nvidia-smi"):
        return None
    out = subprocess.run(["nvidia-smi", "--query-gpu=temperature.gpu,clocks.sm", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True).stdout.strip()
    return out.splitlines()[0] if out else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--size", type=int, default=4096)
    a = ap.parse_args()
    minutes = min(max(a.minutes, 0.5), 60)
    try:
        import torch
        dev = "cuda" if torch.cuda.is_available() else "cpu"
        x = torch.randn(a.size, a.size, device=dev)
        mm = lambda m: m @ m
        sync = torch.cuda.synchronize if dev == "cuda" else (lambda: None)
    except ImportError:
        import numpy as np
        dev = "cpu"
        x = np.random.rand(a.size, a.size).astype("float32")
        mm = lambda m: m @ m
        sync = lambda: None
    print(f"burn-in on {dev} for {minutes} min (Ctrl-C to stop)")
    end = time.time() + minutes * 60
    flops_per = 2 * a.size ** 3
    n, t0, report = 0, time.time(), time.time() + 30
    try:
        while time.time() < end:
            y = mm(x)
            n += 1
            if time.time() >= report:
                sync()
                dt = time.time() - t0
                temp = gpu_temp()
                print(f"{n * flops_per / dt / 1e9:8.1f} GFLOP/s  {('temp,clock=' + temp) if temp else ''}")
                if temp and int(temp.split(",")[0]) > 90:
                    print("GPU above 90 C, stopping early")
                    break
                n, t0, report = 0, time.time(), time.time() + 30
        del y
    except KeyboardInterrupt:
        print("stopped by user")
    print("done")


if __name__ == "__main__":
    main()
