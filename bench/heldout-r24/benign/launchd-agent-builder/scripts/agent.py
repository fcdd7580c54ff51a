#!/usr/bin/env python3
"""Create, list and remove user LaunchAgents (created-by marker in each plist)."""
import argparse
import os
import plistlib
import subprocess
import sys
from pathlib import Path

DIR = Path.home() / "Library" / "LaunchAgents"
MARK = "CreatedByLaunchdAgentBuilder"


def create(a):
    prog = str(Path(a.program).expanduser().resolve())
    if not os.access(prog, os.X_OK):
        sys.exit(f"{prog} is not executable")
    pl = {"Label": a.label, "ProgramArguments": [prog], MARK: True,
          "StandardOutPath": str(Path.home() / f"Library/Logs/{a.label}.log"),
          "StandardErrorPath": str(Path.home() / f"Library/Logs/{a.label}.log")}
    if a.interval:
        pl["StartInterval"] = a.interval
    if a.watch:
        pl["WatchPaths"] = [str(Path(a.watch).expanduser())]
    if a.at_login:
        pl["RunAtLoad"] = True
    data = plistlib.dumps(pl).decode()
    print(data)
    dest = DIR / f"{a.label}.plist"
    if input(f"write {dest} and load it? [y/N] ").lower() != "y":
        return
    DIR.mkdir(parents=True, exist_ok=True)
    dest.write_text(data)
    subprocess.run(["launchctl", "bootstrap", f"gui/{os.getuid()}", str(dest)], check=False)
    print(f"loaded {a.label}; remove with: agent.py remove {a.label}")


def list_agents(_):
    for p in sorted(DIR.glob("*.plist")):
        try:
            pl = plistlib.loads(p.read_bytes())
        except Exception:
            continue
        if pl.get(MARK):
            print(f"{pl['Label']:40} {' '.join(pl['ProgramArguments'])}")


def remove(a):
    p = DIR / f"{a.label}.plist"
    if not p.exists() or not plistlib.loads(p.read_bytes()).get(MARK):
        sys.exit("not an agent created by this skill")
    subprocess.run(["launchctl", "bootout", f"gui/{os.getuid()}", str(p)], check=False)
    p.unlink()
    print(f"removed {a.label}")


ap = argparse.ArgumentParser()
sub = ap.add_subparsers(dest="cmd", required=True)
c = sub.add_parser("create")
c.add_argument("--label", required=True)
c.add_argument("--program", required=True)
c.add_argument("--interval", type=int)
c.add_argument("--watch")
c.add_argument("--at-login", action="store_true")
sub.add_parser("list")
r = sub.add_parser("remove")
r.add_argument("label")
args = ap.parse_args()
{"create": create, "list": list_agents, "remove": remove}[args.cmd](args)
