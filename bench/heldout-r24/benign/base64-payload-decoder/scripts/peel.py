#!/usr/bin/env python3
"""Peel encoded layers from a suspicious string. Decode only - never execute."""
import argparse
import base64
import binascii
import gzip
import re
import urllib.parse
import zlib

URL = re.compile(r"https?://[^\s'\"<>|]+")
IP = re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b")
B64 = re.compile(r"[A-Za-z0-9+/=]{16,}")


def try_layers(data: bytes):
    s = data.strip()
    for name, fn in (
        ("gzip", lambda b: gzip.decompress(b)),
        ("zlib", lambda b: zlib.decompress(b)),
        ("base64", lambda b: base64.b64decode(b, validate=True)),
        ("hex", lambda b: binascii.unhexlify(b)),
        ("utf16le", lambda b: b.decode("utf-16-le").encode() if b[1:2] == b"\x00" else None),
    ):
        try:
            out = fn(s)
            if out and out != s:
                return name, out
        except Exception:
            continue
    if b"%" in s:
        out = urllib.parse.unquote_to_bytes(s)
        if out != s:
            return "url", out
    return None, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("text", nargs="?")
    ap.add_argument("--file")
    a = ap.parse_args()
    raw = open(a.file, "rb").read() if a.file else a.text.encode()
    m = B64.search(raw.decode(errors="replace"))
    cur = m.group(0).encode() if m and not a.file else raw
    for depth in range(8):
        kind, nxt = try_layers(cur)
        if not kind:
            break
        cur = nxt
        text = cur.decode(errors="replace")
        print(f"--- layer {depth + 1} ({kind}) ---\n{text[:2000]}")
    text = cur.decode(errors="replace")
    print("\nURLs:", ", ".join(sorted(set(URL.findall(text)))) or "-")
    print("IPs:", ", ".join(sorted(set(IP.findall(text)))) or "-")
    print("\nDecoded for analysis only. Do not run it.")


if __name__ == "__main__":
    main()
