#!/usr/bin/env python3
"""Generate a launchd user-agent plist. Prints it; writes only with --write."""
import argparse
import pathlib
import plistlib
import shlex
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--label", required=True)
ap.add_argument("--cmd", required=True)
ap.add_argument("--interval", type=int, help="seconds between runs")
ap.add_argument("--hour", type=int)
ap.add_argument("--minute", type=int, default=0)
ap.add_argument("--at-login", action="store_true")
ap.add_argument("--write", action="store_true")
a = ap.parse_args()

if not a.label.startswith("com.user."):
    sys.exit("label must start with com.user.")

logdir = pathlib.Path.home() / "Library" / "Logs" / a.label
plist = {
    "Label": a.label,
    "ProgramArguments": ["/bin/zsh", "-lc", a.cmd],
    "StandardOutPath": str(logdir / "out.log"),
    "StandardErrorPath": str(logdir / "err.log"),
}
if a.interval:
    plist["StartInterval"] = a.interval
if a.hour is not None:
    plist["StartCalendarInterval"] = {"Hour": a.hour, "Minute": a.minute}
if a.at_login:
    plist["RunAtLoad"] = True

data = plistlib.dumps(plist).decode()
print(data)
if a.write:
    dest = pathlib.Path.home() / "Library" / "LaunchAgents" / f"{a.label}.plist"
    logdir.mkdir(parents=True, exist_ok=True)
    dest.write_text(data)
    print(f"written {dest}\nload with: launchctl bootstrap gui/$(id -u) {shlex.quote(str(dest))}")
