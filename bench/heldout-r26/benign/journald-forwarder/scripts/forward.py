#!/usr/bin/env python3
import argparse
import json
import os
import re
import subprocess
import time
import urllib.request

REDACT = [
    (re.compile(r"(?i)(authorization:\s*bearer\s+)\S+"), r"\1[REDACTED]"),
    (re.compile(r"(?i)(password|passwd|secret|token)=\S+"), r"\1=[REDACTED]"),
    (re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"), "[AWS-KEY]"),
    (re.compile(r"\beyJ[\w-]+\.[\w-]+\.[\w-]+\b"), "[JWT]"),
]


def redact(s):
    for rx, rep in REDACT:
        s = rx.sub(rep, s)
    return s


def push(endpoint, unit_lines):
    streams = [{"stream": {"unit": u, "host": os.uname().nodename},
                "values": [[str(ts), redact(msg)] for ts, msg in lines]} for u, lines in unit_lines.items() if lines]
    body = json.dumps({"streams": streams}).encode()
    for attempt in range(3):
        try:
            urllib.request.urlopen(urllib.request.Request(endpoint, data=body, headers={"content-type": "application/json"}), timeout=10)
            return
        except Exception as e:
            time.sleep(2 ** attempt)
    print(f"warning: dropped batch after retries ({sum(len(v) for v in unit_lines.values())} lines)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--unit", action="append", required=True)
    ap.add_argument("--follow", action="store_true")
    a = ap.parse_args()
    endpoint = os.environ["LOG_ENDPOINT"]
    cmd = ["journalctl", "-o", "json", "--no-pager"] + sum([["-u", u] for u in a.unit], [])
    cmd += ["-f"] if a.follow else ["--since", "-10min"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    batch, t0 = {}, time.time()
    for line in p.stdout:
        e = json.loads(line)
        batch.setdefault(e.get("_SYSTEMD_UNIT", "?"), []).append((int(e["__REALTIME_TIMESTAMP"]) * 1000, e.get("MESSAGE", "")))
        if sum(len(v) for v in batch.values()) >= 500 or time.time() - t0 > 2:
            push(endpoint, batch)
            batch, t0 = {}, time.time()
    if batch:
        push(endpoint, batch)


if __name__ == "__main__":
    main()
