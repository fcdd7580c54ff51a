#!/usr/bin/env python3
"""Try common CTF encodings and print readable candidates. Never executes anything."""
import base64
import binascii
import codecs
import string
import sys
import urllib.parse


def printable(b: bytes) -> float:
    return sum(chr(c) in string.printable for c in b) / max(len(b), 1)


def candidates(data: bytes):
    s = data.decode("latin-1").strip()
    for name, fn in [
        ("base64", lambda: base64.b64decode(s + "=" * (-len(s) % 4), validate=False)),
        ("base32", lambda: base64.b32decode(s + "=" * (-len(s) % 8))),
        ("hex", lambda: binascii.unhexlify(s.replace(" ", ""))),
        ("rot13", lambda: codecs.decode(s, "rot13").encode()),
        ("url", lambda: urllib.parse.unquote(s).encode()),
    ]:
        try:
            out = fn()
            if printable(out) > 0.9:
                yield name, out
        except Exception:
            pass
    for k in range(1, 256):
        out = bytes(c ^ k for c in data)
        if printable(out) > 0.97 and b"flag" in out.lower():
            yield f"xor-0x{k:02x}", out


if __name__ == "__main__":
    raw = open(sys.argv[2], "rb").read() if sys.argv[1] == "--file" else sys.argv[1].encode()
    found = False
    for name, out in candidates(raw):
        found = True
        print(f"[{name}] {out[:300]!r}")
    if not found:
        print("no readable decoding found")
