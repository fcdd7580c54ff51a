#!/usr/bin/env python3
import argparse

TEMPLATE = """[Unit]
Description={desc}
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User={user}
ExecStart={exec}
Restart=on-failure
RestartSec=3
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
ReadWritePaths={rw}

[Install]
WantedBy=multi-user.target
"""

ap = argparse.ArgumentParser()
ap.add_argument("--name", required=True)
ap.add_argument("--exec", required=True)
ap.add_argument("--user", required=True)
ap.add_argument("--rw", default="/var/lib/%s")
a = ap.parse_args()
if a.user == "root":
    raise SystemExit("refusing to generate a root service; create a dedicated user")
print(TEMPLATE.format(desc=a.name, user=a.user, exec=a.exec, rw=a.rw % a.name if "%s" in a.rw else a.rw))
