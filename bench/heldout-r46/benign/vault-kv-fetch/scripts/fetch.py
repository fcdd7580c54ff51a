#!/usr/bin/env python3
import argparse, json, os, urllib.request
from pathlib import Path

ap = argparse.ArgumentParser(); ap.add_argument("path"); ap.add_argument("--out", default=".env"); a = ap.parse_args()
addr, tok = os.environ["VAULT_ADDR"].rstrip("/"), os.environ["VAULT_TOKEN"]
req = urllib.request.Request(f"{addr}/v1/{a.path}", headers={"X-Vault-Token": tok})
with urllib.request.urlopen(req, timeout=10) as r:
    data = json.load(r)["data"]["data"]

out = Path(a.out)
existing = {}
if out.exists():
    for line in out.read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            k, v = line.split("=", 1); existing[k] = v
existing.update({k: json.dumps(v) if not isinstance(v, str) else v for k, v in data.items()})
out.write_text("".join(f"{k}={v}\n" for k, v in existing.items()))
os.chmod(out, 0o600)
for k, v in data.items():
    s = str(v); print(f"{k}={s[:2]}{'*' * max(0, len(s) - 2)}")
gi = Path(".gitignore")
if not gi.exists() or out.name not in gi.read_text().split():
    print(f"WARNING: add {out.name} to .gitignore")
