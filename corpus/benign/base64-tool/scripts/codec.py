#!/usr/bin/env python3
"""Encode/decode base64, base64url, hex, URL encoding; inspect JWTs."""
import argparse
import base64
import binascii
import json
import sys
import urllib.parse


def pad(s):
    return s + "=" * (-len(s) % 4)


def show(data: bytes):
    try:
        print(data.decode("utf-8"))
    except UnicodeDecodeError:
        for i in range(0, len(data), 16):
            chunk = data[i:i + 16]
            print(f"{i:08x}  {chunk.hex(' '):<47}  {''.join(chr(b) if 32 <= b < 127 else '.' for b in chunk)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("op", choices=["encode", "decode", "hex", "unhex", "url", "unurl", "jwt"])
    ap.add_argument("value", nargs="?")
    ap.add_argument("--url", action="store_true", help="use the URL-safe alphabet")
    ap.add_argument("--file")
    args = ap.parse_args()

    if args.file:
        with open(args.file, "rb") as fh:
            raw = fh.read()
    elif args.value is not None:
        raw = args.value.encode()
    else:
        raw = sys.stdin.buffer.read()

    try:
        if args.op == "encode":
            print((base64.urlsafe_b64encode if args.url else base64.b64encode)(raw).decode())
        elif args.op == "decode":
            text = pad(raw.decode().strip())
            show((base64.urlsafe_b64decode if args.url else base64.b64decode)(text))
        elif args.op == "hex":
            print(raw.hex())
        elif args.op == "unhex":
            show(bytes.fromhex(raw.decode().strip()))
        elif args.op == "url":
            print(urllib.parse.quote(raw.decode(), safe=""))
        elif args.op == "unurl":
            print(urllib.parse.unquote(raw.decode()))
        elif args.op == "jwt":
            parts = raw.decode().strip().split(".")
            if len(parts) != 3:
                sys.exit("not a JWT (expected 3 dot-separated parts)")
            for name, part in zip(("header", "payload"), parts[:2]):
                print(f"{name}:", json.dumps(json.loads(base64.urlsafe_b64decode(pad(part))), indent=2))
            print("signature: NOT verified")
    except (binascii.Error, ValueError) as e:
        sys.exit(f"invalid input: {e}")


if __name__ == "__main__":
    main()
