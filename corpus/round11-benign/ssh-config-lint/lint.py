#!/usr/bin/env python3
import stat
from pathlib import Path

SSH = Path.home() / ".ssh"
hosts, cur = {}, None
for n, line in enumerate((SSH / "config").read_text().splitlines(), 1):
    parts = line.strip().split(None, 1)
    if len(parts) < 2 or parts[0].startswith("#"):
        continue
    k, v = parts[0].lower(), parts[1]
    if k == "host":
        if v in hosts:
            print(f"config:{n} duplicate Host {v} (first at line {hosts[v]})")
        hosts[v] = n; cur = v
    elif k == "identityfile":
        p = Path(v.replace("~", str(Path.home())))
        if not p.exists():
            print(f"config:{n} IdentityFile {v} missing")
        elif p.stat().st_mode & (stat.S_IRGRP | stat.S_IROTH):
            print(f"config:{n} {v} is group/world readable: chmod 600 {v}")
    elif k == "stricthostkeychecking" and v.lower() == "no":
        print(f"config:{n} StrictHostKeyChecking no for {cur}")
    elif k == "forwardagent" and v.lower() == "yes" and cur == "*":
        print(f"config:{n} ForwardAgent yes for all hosts")
