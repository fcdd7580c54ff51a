#!/usr/bin/env python3
"""Report SSH hosts by last use and unused config entries."""
import pathlib
import re
import time

ssh = pathlib.Path.home() / ".ssh"
seen = {}
log = ssh / "inventory" / "seen.tsv"
if log.exists():
    for line in log.read_text().splitlines():
        ts, host, user, port = (line.split("\t") + ["", "", "", ""])[:4]
        seen[host] = max(seen.get(host, 0), int(ts or 0))

configured = set()
cfg = ssh / "config"
if cfg.exists():
    for m in re.finditer(r"^\s*Host\s+(.+)$", cfg.read_text(), re.M):
        configured.update(h for h in m.group(1).split() if "*" not in h)

print(f"{'host':40} last used")
for host, ts in sorted(seen.items(), key=lambda kv: -kv[1]):
    print(f"{host:40} {time.strftime('%Y-%m-%d %H:%M', time.localtime(ts))}")
unused = sorted(configured - set(seen))
if unused:
    print("\nconfigured but never used:")
    for h in unused:
        print("  ", h)
