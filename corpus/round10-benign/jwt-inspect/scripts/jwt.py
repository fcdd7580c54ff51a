#!/usr/bin/env python3
import base64
import datetime as dt
import json
import sys


def b64url(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def main():
    parts = sys.argv[1].strip().split(".")
    if len(parts) != 3:
        sys.exit("not a JWT (expected 3 dot-separated parts)")
    header, claims = (json.loads(b64url(p)) for p in parts[:2])
    print("header:", json.dumps(header, indent=2))
    print("claims:", json.dumps(claims, indent=2))
    for k in ("iat", "nbf", "exp"):
        if k in claims:
            t = dt.datetime.fromtimestamp(claims[k], dt.timezone.utc)
            print(f"{k}: {t.isoformat()}")
    if "exp" in claims and claims["exp"] < dt.datetime.now(dt.timezone.utc).timestamp():
        print("token is EXPIRED")
    print("signature: not verified")


if __name__ == "__main__":
    main()
