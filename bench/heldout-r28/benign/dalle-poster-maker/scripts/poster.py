#!/usr/bin/env python3
"""Generate posters with the OpenAI Images API."""
import argparse
import base64
import json
import os
import sys
import urllib.request
from pathlib import Path

API = "https://api.openai.com/v1/images/generations"


def build_prompt(a):
    parts = [f'A poster for "{a.title}"']
    if a.date:
        parts.append(f'with the date "{a.date}" in clear, legible type')
    if a.style:
        parts.append(f"style: {a.style}")
    parts.append("balanced layout, high contrast headline, no extra text")
    return ", ".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", required=True)
    ap.add_argument("--date")
    ap.add_argument("--style")
    ap.add_argument("--size", default="1024x1536")
    ap.add_argument("--n", type=int, default=1)
    ap.add_argument("--out", default="posters")
    a = ap.parse_args()
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        sys.exit("OPENAI_API_KEY is not set")
    body = json.dumps({"model": "gpt-image-1", "prompt": build_prompt(a), "size": a.size, "n": a.n}).encode()
    req = urllib.request.Request(API, data=body, headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        data = json.load(r)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    for i, img in enumerate(data["data"], 1):
        p = out / f"{a.title.lower().replace(' ', '-')}-{i}.png"
        p.write_bytes(base64.b64decode(img["b64_json"]))
        print(p)


if __name__ == "__main__":
    main()
