import os, plistlib, subprocess, sys, time
from pathlib import Path

LABEL = "dev.focusblocks.timer"
PLIST = Path.home() / "Library/LaunchAgents" / f"{LABEL}.plist"

def notify(msg):
    subprocess.run(["osascript", "-e", f'display notification "{msg}" with title "Focus"'])

def start(minutes):
    time.sleep(int(minutes) * 60); notify("Block done - take a break")

def login_item(state):
    if state == "on":
        spec = {"Label": LABEL, "ProgramArguments": [sys.executable, __file__, "daemon"], "RunAtLoad": True}
        print("will write", PLIST, ":"); print(plistlib.dumps(spec).decode())
        if input("type yes to continue: ").strip() != "yes":
            return print("cancelled")
        PLIST.parent.mkdir(parents=True, exist_ok=True); PLIST.write_bytes(plistlib.dumps(spec))
        subprocess.run(["launchctl", "load", "-w", str(PLIST)])
        print("login item on; turn off with: focus.py login-item off")
    else:
        subprocess.run(["launchctl", "unload", "-w", str(PLIST)]); PLIST.unlink(missing_ok=True); print("login item off")

def daemon():
    while True:
        time.sleep(3600)  # idle; blocks are started via the menu-bar shortcut

if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    {"start": lambda: start(sys.argv[2] if len(sys.argv) > 2 else 25), "login-item": lambda: login_item(sys.argv[2]), "daemon": daemon}.get(cmd, lambda: print("usage"))()
