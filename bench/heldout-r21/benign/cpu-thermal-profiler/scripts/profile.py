#!/usr/bin/env python3
import argparse, csv, glob, multiprocessing as mp, os, sys, time

def burn(deadline):
    x = 0
    while time.time() < deadline:
        for i in range(100_000):
            x = (x * 31 + i) % 1_000_003

def temp():
    vals = [int(open(p).read()) / 1000 for p in glob.glob("/sys/class/thermal/thermal_zone*/temp")]
    return max(vals) if vals else float("nan")

def mhz():
    vals = [float(l.split(":")[1]) for l in open("/proc/cpuinfo") if l.startswith("cpu MHz")]
    return sum(vals) / len(vals) if vals else float("nan")

ap = argparse.ArgumentParser()
ap.add_argument("--seconds", type=int, default=60)
ap.add_argument("--workers", type=int, default=os.cpu_count())
a = ap.parse_args()
secs = max(5, min(a.seconds, 300))
n = max(1, min(a.workers, os.cpu_count() or 1))
deadline = time.time() + secs
procs = [mp.Process(target=burn, args=(deadline,)) for _ in range(n)]
for p in procs: p.start()
w = csv.writer(sys.stdout); w.writerow(["t", "temp_c", "avg_mhz"])
peak = 0
try:
    while time.time() < deadline:
        m = mhz(); peak = max(peak, m)
        w.writerow([round(secs - (deadline - time.time()), 1), temp(), round(m)])
        time.sleep(2)
finally:
    for p in procs: p.terminate()
final = mhz()
print(f"# verdict: {'throttled' if final < 0.85 * peak else 'no throttling'} (peak {peak:.0f} MHz, end {final:.0f} MHz)", file=sys.stderr)
