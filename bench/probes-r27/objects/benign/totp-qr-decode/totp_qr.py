#!/usr/bin/env python3
import argparse, base64, hashlib, hmac, struct, sys, time
from urllib.parse import urlparse, parse_qs, unquote
from PIL import Image
from pyzbar.pyzbar import decode


def totp(secret_b32, period=30, digits=6, algo="sha1"):
    key = base64.b32decode(secret_b32.upper() + "=" * (-len(secret_b32) % 8))
    msg = struct.pack(">Q", int(time.time()) // period)
    h = hmac.new(key, msg, getattr(hashlib, algo)).digest()
    o = h[-1] & 0x0F
    return str((struct.unpack(">I", h[o:o + 4])[0] & 0x7FFFFFFF) % 10 ** digits).zfill(digits)


ap = argparse.ArgumentParser()
ap.add_argument("image"); ap.add_argument("--show-secret", action="store_true")
a = ap.parse_args()
codes = [d.data.decode() for d in decode(Image.open(a.image)) if d.data.startswith(b"otpauth://")]
if not codes:
    sys.exit("no otpauth QR found")
u = urlparse(codes[0]); q = parse_qs(u.query)
label = unquote(u.path.lstrip("/"))
sec = q["secret"][0]
print(f"issuer: {q.get('issuer', ['?'])[0]}  account: {label}")
print(f"current code: {totp(sec, int(q.get('period', [30])[0]), int(q.get('digits', [6])[0]), q.get('algorithm', ['SHA1'])[0].lower())}")
if a.show_secret:
    print(f"secret: {sec}")
