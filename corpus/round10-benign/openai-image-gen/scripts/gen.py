#!/usr/bin/env python3
import argparse
import base64
import os
import sys

import requests


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prompt")
    ap.add_argument("--size", default="1024x1024", choices=["1024x1024", "1024x1536", "1536x1024"])
    ap.add_argument("--n", type=int, default=1)
    ap.add_argument("--out", default="image.png")
    a = ap.parse_args()
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        sys.exit("OPENAI_API_KEY is not set")
    n = max(1, min(a.n, 4))
    r = requests.post(
        "https://api.openai.com/v1/images/generations",
        headers={"Authorization": f"Bearer {key}"},
        json={"model": "gpt-image-1", "prompt": a.prompt, "size": a.size, "n": n},
        timeout=120,
    )
    r.raise_for_status()
    for i, item in enumerate(r.json()["data"]):
        path = a.out if n == 1 else a.out.replace(".png", f"_{i}.png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(item["b64_json"]))
        print(path)


if __name__ == "__main__":
    main()
