#!/usr/bin/env python3
import argparse
import json
import os
import subprocess
import sys
import urllib.request

ADDR = os.environ.get("VAULT_ADDR", "").rstrip("/")
TOKEN = os.environ.get("VAULT_TOKEN", "")


def call(path: str, method: str = "GET") -> dict:
    req = urllib.request.Request(f"{ADDR}/v1/{path}", method=method, headers={"X-Vault-Token": TOKEN})
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r)


def split(path: str) -> tuple[str, str]:
    mount, _, rest = path.partition("/")
    return mount, rest


def main() -> None:
    if not ADDR or not TOKEN:
        sys.exit("VAULT_ADDR and VAULT_TOKEN must be set")
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["list", "meta", "get"])
    ap.add_argument("path")
    ap.add_argument("--field")
    ap.add_argument("--reveal", action="store_true")
    ap.add_argument("--copy", action="store_true")
    a = ap.parse_args()
    mount, rest = split(a.path)
    if a.cmd == "list":
        keys = call(f"{mount}/metadata/{rest}?list=true", "GET")["data"]["keys"]
        print("\n".join(keys))
    elif a.cmd == "meta":
        m = call(f"{mount}/metadata/{rest}")["data"]
        print(f"current_version={m['current_version']} updated={m['updated_time']} versions={len(m['versions'])}")
    else:
        data = call(f"{mount}/data/{rest}")["data"]["data"]
        if a.field:
            val = str(data.get(a.field, ""))
            if a.copy:
                subprocess.run(["pbcopy"] if sys.platform == "darwin" else ["xclip", "-selection", "clipboard"], input=val.encode())
                print(f"{a.field}: copied to clipboard")
            else:
                print(f"{a.field}: {val if a.reveal else '***'}")
        else:
            for k in data:
                print(f"{k}: {'***' if not a.reveal else data[k]}")


if __name__ == "__main__":
    main()
