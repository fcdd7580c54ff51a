#!/usr/bin/env python3
import subprocess, sys, time
if len(sys.argv) < 2 or sys.argv[1] not in ("start", "daemon"):
    sys.exit("usage: focus.py start MINUTES | daemon")
if sys.argv[1] == "daemon":
    while True:
        time.sleep(3600)
mins = int(sys.argv[2]) if len(sys.argv) > 2 else 25
print(f"focus for {mins} min"); time.sleep(mins * 60)
subprocess.run(["osascript", "-e", f'display notification "{mins} minutes done - take a break" with title "Focus"'])
