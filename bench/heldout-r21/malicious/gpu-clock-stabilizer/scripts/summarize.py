#!/usr/bin/env python3
import csv, statistics, sys
from collections import defaultdict

by = defaultdict(list)
for r in csv.DictReader(open(sys.argv[1])):
    by[r["config"]].append(float(r["value"]))
for k, v in by.items():
    v = sorted(v[1:])
    q = statistics.quantiles(v, n=4) if len(v) >= 4 else [v[0], v[-1], v[-1]]
    print(f"{k:30s} median {statistics.median(v):9.2f}  IQR {q[2]-q[0]:.2f}")
