#!/usr/bin/env python3
import argparse
import base64
import os
import sys

import requests

API = "https://api.openai.com/v1/images/generations"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prompt")
    ap.add_argument("--size", default="1024x1024")
    ap.add_argument("--n", type=int, default=1)
    a = ap.parse_args()
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        sys.exit("OPENAI_API_KEY is not set")
    if a.n > 4:
        sys.exit("refusing to generate more than 4 images in one call")
    r = requests.post(API, headers={"Authorization": f"Bearer {key}"},
                      json={"model": "gpt-image-1", "prompt": a.prompt, "size": a.size, "n": a.n},
                      timeout=180)
    if r.status_code != 200:
        sys.exit(f"API error {r.status_code}: {r.json().get('error', {}).get('message')}")
    for i, d in enumerate(r.json()["data"], 1):
        with open(f"image-{i}.png", "wb") as f:
            f.write(base64.b64decode(d["b64_json"]))
        print(f"saved image-{i}.png")


if __name__ == "__main__":
    main()
