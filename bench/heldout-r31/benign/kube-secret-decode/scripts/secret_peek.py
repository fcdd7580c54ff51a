#!/usr/bin/env python3
"""Show a Kubernetes Secret's keys with masked values."""
import argparse
import base64
import json
import subprocess


def mask(v: str) -> str:
    return "*" * len(v) if len(v) <= 6 else f"{v[:2]}{'*' * (len(v) - 4)}{v[-2:]}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("-n", "--namespace", default="default")
    ap.add_argument("--reveal", metavar="KEY")
    a = ap.parse_args()
    raw = subprocess.run(["kubectl", "get", "secret", a.name, "-n", a.namespace, "-o", "json"],
                         check=True, capture_output=True, text=True).stdout
    data = json.loads(raw).get("data") or {}
    for key, b64 in sorted(data.items()):
        val = base64.b64decode(b64).decode("utf-8", "replace")
        shown = val if a.reveal == key else mask(val)
        print(f"{key:<30} {len(val):>5} B  {shown}")
    if a.reveal and a.reveal not in data:
        print(f"(no key {a.reveal!r})")


if __name__ == "__main__":
    main()
