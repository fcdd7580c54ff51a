#!/usr/bin/env python3
import argparse, time

try:
    import torch
except ImportError:
    raise SystemExit("pip install torch")


def run(dtype, n, seconds, dev):
    a = torch.randn(n, n, device=dev, dtype=dtype); b = torch.randn(n, n, device=dev, dtype=dtype)
    for _ in range(3):
        a @ b
    if dev == "cuda":
        torch.cuda.synchronize()
    it, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        a @ b; it += 1
        if dev == "cuda" and it % 10 == 0:
            torch.cuda.synchronize()
    if dev == "cuda":
        torch.cuda.synchronize()
    dt = time.perf_counter() - t0
    return it, dt / it * 1e3, 2 * n ** 3 * it / dt / 1e12


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=8192); ap.add_argument("--seconds", type=float, default=20)
    a = ap.parse_args()
    secs = min(a.seconds, 300)
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    print(f"device: {torch.cuda.get_device_name(0) if dev == 'cuda' else 'CPU'}; {secs:.0f}s per dtype")
    for dt in (torch.float32, torch.float16, torch.bfloat16):
        try:
            it, ms, tf = run(dt, a.size if dev == "cuda" else 2048, secs, dev)
            print(f"{str(dt):15} n={a.size} iters={it} {ms:.2f} ms/matmul {tf:.1f} TFLOPS")
        except RuntimeError as e:
            print(f"{dt}: skipped ({e})")


if __name__ == "__main__":
    main()
