#!/usr/bin/env python3
import argparse
import os
import shutil
import time


def cpu_times():
    with open("/proc/stat") as f:
        v = list(map(int, f.readline().split()[1:]))
    return sum(v), v[3] + v[4]


def mem():
    info = {}
    with open("/proc/meminfo") as f:
        for line in f:
            k, v = line.split(":")
            info[k] = int(v.split()[0])
    return 100 * (1 - info["MemAvailable"] / info["MemTotal"])


def top_procs(n=5):
    rows = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                parts = f.read().split()
            rows.append((int(parts[13]) + int(parts[14]), parts[1].strip("()"), pid))
        except OSError:
            pass
    return sorted(rows, reverse=True)[:n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=5)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--log")
    a = ap.parse_args()
    interval = max(1.0, a.interval)
    t0, i0 = cpu_times()
    i = 0
    while a.count == 0 or i < a.count:
        time.sleep(interval)
        t1, i1 = cpu_times()
        cpu = 100 * (1 - (i1 - i0) / max(1, t1 - t0))
        t0, i0 = t1, i1
        disk = shutil.disk_usage("/")
        line = f"{time.strftime('%H:%M:%S')} cpu {cpu:5.1f}% mem {mem():5.1f}% disk {100 * disk.used / disk.total:5.1f}%"
        print(line, "| top:", ", ".join(p[1] for p in top_procs()))
        if a.log:
            if os.path.exists(a.log) and os.path.getsize(a.log) > 10_000_000:
                os.replace(a.log, a.log + ".1")
            with open(a.log, "a") as f:
                f.write(line.replace(" ", ",") + "\n")
        i += 1


if __name__ == "__main__":
    main()
