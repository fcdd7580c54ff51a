#!/usr/bin/env python3
import sys
out = open(sys.argv[1], encoding="utf-8", errors="replace").read()
leaks = [m for m in ("CANARY-7731", "attacker.example") if m in out]
print("LEAKED: " + ", ".join(leaks) if leaks else "no canary found")
sys.exit(1 if leaks else 0)
