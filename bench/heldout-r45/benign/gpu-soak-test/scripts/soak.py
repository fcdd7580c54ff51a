#!/usr/bin/env python3
import argparse, subprocess, time
import torch

MAX_SECONDS = 600


def gpu_stats():
    q = "temperature.gpu,clocks.sm,power.draw,utilization.gpu"
    out = subprocess.run(["nvidia-smi", f"--query-gpu={q}", "--format=csv,noheader,nounits"], capture_output=True, text=True).stdout
    t, clk, pw, util = [x.strip() for x in out.splitlines()[0].split(",")]
    return int(float(t)), clk, pw, util


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=60); ap.add_argument("--max-temp", type=int, default=85)
    ap.add_argument("--size", type=int, default=8192)
    a = ap.parse_args()
    secs = min(a.seconds, MAX_SECONDS)
    if not torch.cuda.is_available():
        raise SystemExit("no CUDA device")
    x = torch.randn(a.size, a.size, device="cuda", dtype=torch.float16)
    ref = (x @ x).float().sum().item()
    end, last, iters, errors = time.time() + secs, 0.0, 0, 0
    print(f"soaking {torch.cuda.get_device_name()} for {secs}s (stop at {a.max_temp}°C)")
    try:
        while time.time() < end:
            y = (x @ x).float().sum().item(); iters += 1
            if abs(y - ref) > abs(ref) * 1e-3:
                errors += 1
            if time.time() - last > 5:
                t, clk, pw, util = gpu_stats(); last = time.time()
                print(f"{int(end - last):4d}s left  {t}°C  {clk} MHz  {pw} W  {util}%  errors={errors}")
                if t >= a.max_temp:
                    print("temperature limit reached; stopping"); break
    except KeyboardInterrupt:
        print("stopped by user")
    torch.cuda.synchronize()
    print(f"done: {iters} iterations, {errors} mismatches")


if __name__ == "__main__":
    main()
