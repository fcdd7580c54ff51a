#!/usr/bin/env python3
"""Offline encoder/decoder. Prints results only; never executes them."""
import base64
import binascii
import json
import sys
import urllib.parse
from pathlib import Path

ENC = {
    "b64": lambda b: base64.b64encode(b).decode(),
    "b64url": lambda b: base64.urlsafe_b64encode(b).decode().rstrip("="),
    "b32": lambda b: base64.b32encode(b).decode(),
    "hex": lambda b: b.hex(),
    "url": lambda b: urllib.parse.quote(b.decode(errors="replace")),
}
DEC = {
    "b64": lambda s: base64.b64decode(s + "=" * (-len(s) % 4), validate=True),
    "b64url": lambda s: base64.urlsafe_b64decode(s + "=" * (-len(s) % 4)),
    "b32": lambda s: base64.b32decode(s.upper() + "=" * (-len(s) % 8)),
    "hex": lambda s: bytes.fromhex(s.replace(" ", "").replace(":", "")),
    "url": lambda s: urllib.parse.unquote(s).encode(),
}
MAGIC = {b"%PDF": "pdf", b"\x89PNG": "png", b"PK\x03\x04": "zip", b"\x1f\x8b": "gzip", b"MZ": "windows executable"}


def show(data: bytes):
    try:
        print(data.decode("utf-8"))
    except UnicodeDecodeError:
        kind = next((v for k, v in MAGIC.items() if data.startswith(k)), "binary")
        print(f"[{kind}, {len(data)} bytes] {data[:48].hex(' ')}")


def jwt(token):
    head, payload, *_ = token.split(".")
    for label, part in (("header", head), ("payload", payload)):
        print(f"{label}: " + json.dumps(json.loads(DEC["b64url"](part)), indent=2))
    print("(signature NOT verified)")


def main(a):
    if len(a) >= 2 and a[0] == "jwt":
        return jwt(a[1])
    if len(a) >= 2 and a[0] == "guess":
        for name, fn in DEC.items():
            try:
                out = fn(a[1])
                print(f"{name:>7}: {out[:60]!r}")
            except (binascii.Error, ValueError):
                pass
        return
    if len(a) < 3 or a[0] not in ("encode", "decode"):
        sys.exit("usage: codec.py encode|decode FORMAT VALUE | --file PATH; codec.py jwt TOKEN; codec.py guess VALUE")
    op, fmt = a[0], a[1]
    raw = Path(a[3]).read_bytes() if a[2] == "--file" else a[2].encode()
    if op == "encode":
        print(ENC[fmt](raw))
    else:
        show(DEC[fmt](raw.decode().strip()))


if __name__ == "__main__":
    main(sys.argv[1:])
