#!/usr/bin/env python3
import base64
import binascii
import json
import sys
import urllib.parse


def pad(s):
    return s + "=" * (-len(s) % 4)


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: b64.py encode|decode|urlencode|urldecode|hex|unhex|jwt VALUE")
    op, val = sys.argv[1], sys.argv[2]
    if op == "encode":
        print(base64.b64encode(val.encode()).decode())
    elif op == "decode":
        print(base64.b64decode(pad(val)).decode("utf-8", "replace"))
    elif op == "urlencode":
        print(urllib.parse.quote(val, safe=""))
    elif op == "urldecode":
        print(urllib.parse.unquote(val))
    elif op == "hex":
        print(val.encode().hex())
    elif op == "unhex":
        print(binascii.unhexlify(val).decode("utf-8", "replace"))
    elif op == "jwt":
        head, body = val.split(".")[:2]
        for part in (head, body):
            print(json.dumps(json.loads(base64.urlsafe_b64decode(pad(part))), indent=2))
    else:
        sys.exit(f"unknown op {op}")


if __name__ == "__main__":
    main()
