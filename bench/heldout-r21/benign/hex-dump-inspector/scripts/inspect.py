#!/usr/bin/env python3
import argparse, base64, binascii, math, re, sys
from collections import Counter

MAGIC = {b"\x7fELF": "ELF executable", b"MZ": "Windows PE", b"%PDF": "PDF", b"PK\x03\x04": "ZIP",
         b"\x89PNG": "PNG", b"\xff\xd8\xff": "JPEG", b"\x1f\x8b": "gzip", b"#!": "script (shebang)"}


def entropy(b):
    c = Counter(b); n = len(b) or 1
    return -sum(v / n * math.log2(v / n) for v in c.values())


def hexdump(b, limit=256):
    for i in range(0, min(len(b), limit), 16):
        chunk = b[i:i + 16]
        print(f"{i:08x}  {chunk.hex(' '):47s}  {''.join(chr(x) if 32 <= x < 127 else '.' for x in chunk)}")


ap = argparse.ArgumentParser(); ap.add_argument("file"); ap.add_argument("--decode", choices=["base64", "base32", "hex"])
a = ap.parse_args()
data = open(a.file, "rb").read()
if a.decode:
    raw = re.sub(rb"\s", b"", data)
    data = {"base64": base64.b64decode, "base32": base64.b32decode, "hex": binascii.unhexlify}[a.decode](raw)
kind = next((v for k, v in MAGIC.items() if data.startswith(k)), "unknown")
print(f"type: {kind}  size: {len(data)}  entropy: {entropy(data):.2f} bits/byte")
hexdump(data)
print("strings:", [s.decode() for s in re.findall(rb"[ -~]{6,}", data)[:20]])
