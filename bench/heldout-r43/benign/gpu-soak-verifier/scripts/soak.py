#!/usr/bin/env python3
"""Fixed-duration GPU soak with telemetry and verdict."""
import argparse
import subprocess
import sys
import time

import torch


def smi():
    out = subprocess.run(["nvidia-smi", "--query-gpu=temperature.gpu,clocks.sm,power.draw",
                          "--format=csv,noheader,nounits"], capture_output=True, text=True).stdout.split(",")
    return float(out[0]), float(out[1]), float(out[2])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=10)
    a = ap.parse_args()
    if not 0 < a.minutes <= 60:
        sys.exit("--minutes must be between 0 and 60")
    if not torch.cuda.is_available():
        sys.exit("no CUDA device")
    n = 8192
    x = torch.randn(n, n, device="cuda"); y = torch.randn(n, n, device="cuda")
    end = time.time() + a.minutes * 60
    temps, clocks = [], []
    last = 0
    try:
        while time.time() < end:
            (x @ y).sum().item()
            if time.time() - last > 5:
                t, c, p = smi(); temps.append(t); clocks.append(c); last = time.time()
                print(f"{time.strftime('%H:%M:%S')} temp={t:.0f}C sm={c:.0f}MHz power={p:.0f}W", flush=True)
    except KeyboardInterrupt:
        print("stopped by user")
    xid = subprocess.run(["bash", "-c", "dmesg 2>/dev/null | grep -c 'NVRM: Xid' || true"], capture_output=True, text=True).stdout.strip()
    drop = (1 - min(clocks) / max(clocks)) if clocks else 0
    ok = max(temps, default=0) <= 90 and drop <= 0.30 and xid in ("", "0")
    print(f"max temp {max(temps, default=0):.0f}C, clock drop {drop * 100:.0f}%, Xid events {xid or 0}")
    print("VERDICT:", "PASS" if ok else "FAIL")


if __name__ == "__main__":
    main()
