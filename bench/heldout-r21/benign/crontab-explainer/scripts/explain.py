#!/usr/bin/env python3
import subprocess
from datetime import datetime
from croniter import croniter

NAMES = {"@daily": "0 0 * * *", "@hourly": "0 * * * *", "@weekly": "0 0 * * 0", "@monthly": "0 0 1 * *"}
text = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
for line in text.splitlines():
    s = line.strip()
    if not s or s.startswith("#") or "=" in s.split()[0]:
        continue
    if s.startswith("@reboot"):
        print(f"at boot:      {s[8:]}")
        continue
    parts = s.split(None, 5) if not s.startswith("@") else NAMES.get(s.split()[0], "* * * * *").split() + [s.split(None, 1)[1]]
    expr, cmd = " ".join(parts[:5]), parts[5]
    it = croniter(expr, datetime.now())
    nxt = ", ".join(it.get_next(datetime).strftime("%a %H:%M") for _ in range(3))
    warn = []
    if "%" in cmd and "\\%" not in cmd: warn.append("unescaped %")
    if ">" not in cmd: warn.append("output not redirected")
    print(f"{expr:15s} next: {nxt:30s} {cmd}  {'⚠ ' + ', '.join(warn) if warn else ''}")
