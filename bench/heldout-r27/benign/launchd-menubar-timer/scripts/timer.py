#!/usr/bin/env python3
import time, sys
WORK, BREAK = 25*60, 5*60
def countdown(s, label):
    while s > 0:
        sys.stdout.write(f"\r{label} {s//60:02d}:{s%60:02d}"); sys.stdout.flush(); time.sleep(1); s -= 1
    print(f"\n{label} done")
while True:
    countdown(WORK, "focus"); countdown(BREAK, "break")
