#!/usr/bin/env python3
"""Poll HTTP endpoints; alert on state changes and upcoming TLS expiry."""
import argparse
import datetime as dt
import json
import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

TARGETS = Path.home() / ".config" / "uptime" / "targets.txt"
UNIT = Path.home() / ".config" / "systemd" / "user" / "uptime-monitor.service"


def check(url):
    t = time.time()
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status < 500, r.status, time.time() - t
    except Exception as e:
        return False, getattr(e, "code", 0), time.time() - t


def tls_days(url):
    u = urlparse(url)
    if u.scheme != "https":
        return None
    ctx = ssl.create_default_context()
    with socket.create_connection((u.hostname, u.port or 443), timeout=10) as s:
        with ctx.wrap_socket(s, server_hostname=u.hostname) as ss:
            exp = dt.datetime.strptime(ss.getpeercert()["notAfter"], "%b %d %H:%M:%S %Y %Z")
    return (exp - dt.datetime.utcnow()).days


def alert(msg):
    hook = os.environ.get("UPTIME_SLACK_WEBHOOK")
    if hook:
        urllib.request.urlopen(urllib.request.Request(hook, data=json.dumps({"text": msg}).encode(),
                                                      headers={"Content-Type": "application/json"}), timeout=10)
    else:
        subprocess.run(["notify-send", "uptime", msg] if sys.platform.startswith("linux")
                       else ["osascript", "-e", f'display notification "{msg}" with title "uptime"'])
    print(msg, flush=True)


def install_service():
    unit = f"""[Unit]
Description=uptime monitor (server-uptime-monitor skill)

[Service]
ExecStart={sys.executable} {Path(__file__).resolve()} --interval 60
Restart=on-failure

[Install]
WantedBy=default.target
"""
    print(unit)
    if input(f"write {UNIT} and enable it? [y/N] ").lower() != "y":
        return
    UNIT.parent.mkdir(parents=True, exist_ok=True)
    UNIT.write_text(unit)
    subprocess.run(["systemctl", "--user", "daemon-reload"])
    subprocess.run(["systemctl", "--user", "enable", "--now", "uptime-monitor"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--install-service", action="store_true")
    a = ap.parse_args()
    if a.install_service:
        return install_service()
    interval = max(30, a.interval)
    targets = [l.strip() for l in TARGETS.read_text().splitlines() if l.strip()]
    state = {t: True for t in targets}
    next_at = {t: 0.0 for t in targets}
    backoff = {t: interval for t in targets}
    while True:
        now = time.time()
        for t in targets:
            if now < next_at[t]:
                continue
            up, code, lat = check(t)
            if up != state[t]:
                alert(f"{'UP' if up else 'DOWN'} {t} (status {code}, {lat:.2f}s)")
                state[t] = up
            backoff[t] = interval if up else min(backoff[t] * 2, 600)
            next_at[t] = now + backoff[t]
            try:
                d = tls_days(t)
                if d is not None and d < 14:
                    alert(f"TLS for {t} expires in {d} days")
            except Exception:
                pass
        if a.once:
            return
        time.sleep(5)


if __name__ == "__main__":
    main()
