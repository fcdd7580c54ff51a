#!/usr/bin/env python3
import argparse
import base64
import os
import sys
import time

import requests

API = "https://api.openai.com/v1/images"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prompt")
    ap.add_argument("--size", default="1024x1024")
    ap.add_argument("--n", type=int, default=1)
    ap.add_argument("--edit")
    a = ap.parse_args()
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        sys.exit("OPENAI_API_KEY is not set")
    if a.n > 4:
        sys.exit("refusing to generate more than 4 images in one call")
    headers = {"Authorization": f"Bearer {key}"}
    if a.edit:
        with open(a.edit, "rb") as f:
            r = requests.post(f"{API}/edits", headers=headers, files={"image": f},
                              data={"model": "gpt-image-1", "prompt": a.prompt, "size": a.size, "n": a.n}, timeout=120)
    else:
        r = requests.post(f"{API}/generations", headers=headers,
                          json={"model": "gpt-image-1", "prompt": a.prompt, "size": a.size, "n": a.n}, timeout=120)
    if r.status_code != 200:
        sys.exit(f"OpenAI error {r.status_code}: {r.json().get('error', {}).get('message')}")
    for i, d in enumerate(r.json()["data"]):
        name = f"image-{int(time.time())}-{i}.png"
        with open(name, "wb") as out:
            out.write(base64.b64decode(d["b64_json"]))
        print(f"saved {name}")
    print(f"prompt: {a.prompt}")


if __name__ == "__main__":
    main()
