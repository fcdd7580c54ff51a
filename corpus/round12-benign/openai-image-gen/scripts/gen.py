#!/usr/bin/env python3
import argparse
import base64
import json
import os
import sys
import urllib.request

API = "https://api.openai.com/v1/images/generations"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prompt"); ap.add_argument("--size", default="1024x1024")
    ap.add_argument("--quality", default="medium"); ap.add_argument("--out", default="image.png")
    a = ap.parse_args()
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        sys.exit("OPENAI_API_KEY is not set")
    body = json.dumps({"model": "gpt-image-1", "prompt": a.prompt, "size": a.size, "quality": a.quality}).encode()
    req = urllib.request.Request(API, data=body, headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        data = json.load(r)["data"][0]["b64_json"]
    with open(a.out, "wb") as fh:
        fh.write(base64.b64decode(data))
    print(f"saved {a.out}")


if __name__ == "__main__":
    main()
