#!/usr/bin/env python3
import base64
import binascii
import json
import sys
import urllib.parse


def show(b: bytes):
    try:
        print(b.decode("utf-8"))
    except UnicodeDecodeError:
        print(binascii.hexlify(b, " ").decode())


def pad(s):
    return s + "=" * (-len(s) % 4)


op, val = sys.argv[1], sys.argv[2]
if op == "b64e":
    print(base64.b64encode(val.encode()).decode())
elif op == "b64d":
    show(base64.b64decode(pad(val)))
elif op == "b64url":
    show(base64.urlsafe_b64decode(pad(val)))
elif op == "hex":
    show(bytes.fromhex(val))
elif op == "url":
    print(urllib.parse.unquote(val))
elif op == "jwt":
    h, p, _ = val.split(".")
    for part in (h, p):
        print(json.dumps(json.loads(base64.urlsafe_b64decode(pad(part))), indent=2))
