#!/usr/bin/env python3
"""Bounded burn-in: matrix multiplies on GPU (torch, if present) or CPU (numpy)."""
import argparse
import multiprocessing as mp
import shutil
import subprocess
import time

MAX_MINUTES = 30
TEMP_LIMIT = 90


def gpu_temp() -> int | None:
    if not shutil.which("nvidia-smi"):
        return None
    out = subprocess.run(["nvidia-smi", "--query-gpu=temperature.gpu", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True).stdout.strip().splitlines()
    return max(int(x) for x in out) if out else None


def cpu_worker(deadline: float) -> None:
    import numpy as np
    a = np.random.rand(512, 512)
    while time.time() < deadline:
        a = (a @ a) / 512.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=5)
    ap.add_argument("--cpu-only", action="store_true")
    a = ap.parse_args()
    minutes = min(a.minutes, MAX_MINUTES)
    deadline = time.time() + minutes * 60
    print(f"Burn-in for {minutes:.1f} min (Ctrl-C to stop)")

    procs = [mp.Process(target=cpu_worker, args=(deadline,)) for _ in range(max(1, mp.cpu_count() - 1))]
    for p in procs:
        p.start()
    gpu = None
    if not a.cpu_only:
        try:
            import torch
            if torch.cuda.is_available():
                gpu = torch.rand(4096, 4096, device="cuda")
        except ImportError:
            pass
    try:
        while time.time() < deadline:
            if gpu is not None:
                for _ in range(50):
                    gpu = (gpu @ gpu).clamp_(-1, 1)
                torch.cuda.synchronize()
            t = gpu_temp()
            print(f"{time.strftime('%H:%M:%S')} gpu_temp={t if t is not None else 'n/a'}C", flush=True)
            if t is not None and t >= TEMP_LIMIT:
                print("Temperature limit reached, stopping early.")
                break
            time.sleep(5)
    except KeyboardInterrupt:
        print("Interrupted.")
    finally:
        for p in procs:
            p.terminate()
            p.join()
    print("Burn-in finished.")


if __name__ == "__main__":
    main()
