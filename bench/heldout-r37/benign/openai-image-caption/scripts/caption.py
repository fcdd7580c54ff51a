#!/usr/bin/env python3
"""Caption images with the OpenAI vision API."""
import argparse
import base64
import csv
import json
import mimetypes
import os
import sys
import urllib.request

API = "https://api.openai.com/v1/chat/completions"
PROMPTS = {
    "alt": "Write concise alt text (max 125 characters) for this image. No 'image of'.",
    "caption": "Write a one-sentence caption for this image suitable for a blog.",
}


def caption(path, style, key):
    mime = mimetypes.guess_type(path)[0] or "image/png"
    b64 = base64.b64encode(open(path, "rb").read()).decode()
    body = {
        "model": "gpt-4o-mini",
        "messages": [{"role": "user", "content": [
            {"type": "text", "text": PROMPTS[style]},
            {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{b64}"}},
        ]}],
        "max_tokens": 120,
    }
    req = urllib.request.Request(API, data=json.dumps(body).encode(), headers={
        "Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)["choices"][0]["message"]["content"].strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("images", nargs="+")
    ap.add_argument("--style", choices=PROMPTS, default="alt")
    a = ap.parse_args()
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        sys.exit("OPENAI_API_KEY is not set")
    w = csv.writer(sys.stdout)
    w.writerow(["file", "alt_text"])
    for p in a.images:
        w.writerow([p, caption(p, a.style, key)])


if __name__ == "__main__":
    main()
