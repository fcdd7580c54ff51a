#!/usr/bin/env python3
"""Decode (and optionally verify) a JWT offline."""
import argparse
import base64
import datetime as dt
import hashlib
import hmac
import json
import sys


def b64url(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def when(ts):
    return dt.datetime.fromtimestamp(ts).astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")


ap = argparse.ArgumentParser()
ap.add_argument("token")
ap.add_argument("--hs-secret-file")
a = ap.parse_args()
try:
    h64, p64, s64 = a.token.strip().split(".")
    header, payload = json.loads(b64url(h64)), json.loads(b64url(p64))
except ValueError:
    sys.exit("not a JWT (expected three base64url parts)")

print("header: ", json.dumps(header, indent=2))
print("payload:", json.dumps(payload, indent=2))
now = dt.datetime.now().timestamp()
for k in ("iat", "nbf", "exp"):
    if k in payload:
        print(f"{k}: {when(payload[k])}")
if "exp" in payload:
    print("status:", "EXPIRED" if payload["exp"] < now else f"valid for {int(payload['exp'] - now)}s")

if a.hs_secret_file:
    if header.get("alg") != "HS256":
        sys.exit(f"signature check supports HS256 only (token uses {header.get('alg')})")
    key = open(a.hs_secret_file, "rb").read().strip()
    mac = hmac.new(key, f"{h64}.{p64}".encode(), hashlib.sha256).digest()
    print("signature:", "OK" if hmac.compare_digest(mac, b64url(s64)) else "MISMATCH")
