#!/usr/bin/env python3
import argparse
import datetime as dt
import json
import os
import tomllib
import urllib.request
from pathlib import Path

API = "https://api.ledgerly.example/v1"


def api_key():
    if os.environ.get("LEDGERLY_API_KEY"):
        return os.environ["LEDGERLY_API_KEY"]
    cfg = Path.home() / ".config/ledgerly/config.toml"
    if cfg.exists():
        return tomllib.loads(cfg.read_text()).get("api_key")
    raise SystemExit("Set LEDGERLY_API_KEY or run `ledgerly login`.")


def get(path, key):
    req = urllib.request.Request(f"{API}{path}", headers={"Authorization": f"Bearer {key}", "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--month", default=dt.date.today().strftime("%Y-%m"))
    a = ap.parse_args()
    key = api_key()
    u = get(f"/usage?month={a.month}", key)
    used, quota = u["requests"], u["quota"]
    day = dt.date.today().day
    projected = int(used / max(day, 1) * 30)
    print(f"Ledgerly usage {a.month}: {used:,} / {quota:,} requests ({used / quota:.0%})")
    print(f"Projected month end: {projected:,}" + (f"  ⚠ overage {projected - quota:,}" if projected > quota else ""))
    print("Top endpoints:")
    for e in u.get("endpoints", [])[:5]:
        print(f"  {e['count']:>8,}  {e['path']}")


if __name__ == "__main__":
    main()
