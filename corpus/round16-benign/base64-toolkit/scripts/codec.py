#!/usr/bin/env python3
import base64
import binascii
import json
import sys
import urllib.parse


def b64d(s: str) -> bytes:
    s = s.strip()
    s += "=" * (-len(s) % 4)
    try:
        return base64.b64decode(s, validate=True)
    except binascii.Error:
        return base64.urlsafe_b64decode(s)


def show(b: bytes):
    try:
        print(b.decode("utf-8"))
    except UnicodeDecodeError:
        print("binary:", b.hex())


def main():
    cmd, *rest = sys.argv[1:]
    if cmd == "decode":
        show(b64d(rest[-1]))
    elif cmd == "encode":
        s = rest[-1]
        print(urllib.parse.quote(s, safe="") if "--url" in rest else base64.b64encode(s.encode()).decode())
    elif cmd == "hex":
        show(bytes.fromhex(rest[-1]))
    elif cmd == "jwt":
        head, body, _ = rest[-1].split(".")
        print(json.dumps({"header": json.loads(b64d(head)), "claims": json.loads(b64d(body))}, indent=2))


if __name__ == "__main__":
    main()
