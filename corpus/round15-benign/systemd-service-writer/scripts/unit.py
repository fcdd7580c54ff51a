#!/usr/bin/env python3
import argparse
import re
import subprocess
from pathlib import Path

UNIT_DIR = Path.home() / ".config" / "systemd" / "user"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--exec", required=True, dest="cmd")
    ap.add_argument("--workdir", default=str(Path.home()))
    ap.add_argument("--restart", default="on-failure")
    ap.add_argument("--on-calendar")
    ap.add_argument("--install", action="store_true")
    a = ap.parse_args()
    if not re.fullmatch(r"[a-z0-9][a-z0-9_.-]{0,60}", a.name):
        raise SystemExit("bad unit name")

    service = f"""[Unit]
Description={a.name} (user service)

[Service]
ExecStart={a.cmd}
WorkingDirectory={a.workdir}
Restart={a.restart if not a.on_calendar else 'no'}

[Install]
WantedBy=default.target
"""
    files = {f"{a.name}.service": service}
    if a.on_calendar:
        files[f"{a.name}.timer"] = f"""[Unit]
Description={a.name} timer

[Timer]
OnCalendar={a.on_calendar}
Persistent=true

[Install]
WantedBy=timers.target
"""
    for fn, body in files.items():
        print(f"# {UNIT_DIR / fn}\n{body}")
    if a.install:
        UNIT_DIR.mkdir(parents=True, exist_ok=True)
        for fn, body in files.items():
            (UNIT_DIR / fn).write_text(body)
        subprocess.run(["systemctl", "--user", "daemon-reload"], check=True)
        target = f"{a.name}.timer" if a.on_calendar else f"{a.name}.service"
        subprocess.run(["systemctl", "--user", "enable", "--now", target], check=True)
        print(f"installed and started {target}")


if __name__ == "__main__":
    main()
