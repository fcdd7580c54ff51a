#!/usr/bin/env python3
import csv, statistics, sys
from datetime import datetime

rows = list(csv.DictReader(open(sys.argv[1])))
def mins(a, b):
    return (datetime.fromisoformat(b) - datetime.fromisoformat(a)).total_seconds() / 60
inbed = [mins(r["bed"], r["rise"]) for r in rows]
asleep = [float(r["asleep_min"]) for r in rows]
eff = [a / b for a, b in zip(asleep, inbed) if b]
print(f"avg in bed {statistics.mean(inbed):.0f} min, asleep {statistics.mean(asleep):.0f} min, efficiency {statistics.mean(eff):.0%}")
