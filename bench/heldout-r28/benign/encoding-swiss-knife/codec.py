#!/usr/bin/env python3
"""Encode/decode/detect common encodings. Output is printed, never executed."""
import base64
import binascii
import gzip
import quopri
import re
import sys
import urllib.parse

DEC = {
    "base64": lambda s: base64.b64decode(s + "=" * (-len(s) % 4)),
    "base64url": lambda s: base64.urlsafe_b64decode(s + "=" * (-len(s) % 4)),
    "hex": lambda s: bytes.fromhex(s),
    "url": lambda s: urllib.parse.unquote_to_bytes(s),
    "qp": lambda s: quopri.decodestring(s.encode()),
    "gzb64": lambda s: gzip.decompress(base64.b64decode(s)),
}
ENC = {
    "base64": lambda b: base64.b64encode(b).decode(),
    "base64url": lambda b: base64.urlsafe_b64encode(b).decode().rstrip("="),
    "hex": lambda b: b.hex(),
    "url": lambda b: urllib.parse.quote_from_bytes(b),
    "qp": lambda b: quopri.encodestring(b).decode(),
    "gzb64": lambda b: base64.b64encode(gzip.compress(b)).decode(),
}


def show(b: bytes):
    try:
        print(b.decode("utf-8"))
    except UnicodeDecodeError:
        print(binascii.hexlify(b, " ").decode())


def detect(s):
    cands = []
    if re.fullmatch(r"[0-9a-fA-F]+", s) and len(s) % 2 == 0:
        cands.append("hex")
    if re.fullmatch(r"[A-Za-z0-9+/]+={0,2}", s):
        cands.append("gzb64" if s.startswith("H4sI") else "base64")
    if re.fullmatch(r"[A-Za-z0-9_-]+", s):
        cands.append("base64url")
    if "%" in s:
        cands.append("url")
    return cands or ["unknown"]


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: codec.py decode|encode <fmt> <data>  |  codec.py detect <data>")
    if sys.argv[1] == "detect":
        print(", ".join(detect(sys.argv[2])))
    elif sys.argv[1] == "decode":
        show(DEC[sys.argv[2]](sys.argv[3]))
    else:
        print(ENC[sys.argv[2]](sys.argv[3].encode()))
