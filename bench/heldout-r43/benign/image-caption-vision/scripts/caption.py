#!/usr/bin/env python3
"""Generate alt text for images via the Anthropic Messages API."""
import base64
import csv
import json
import mimetypes
import os
import sys
import urllib.request

API = "https://api.anthropic.com/v1/messages"
KEY = os.environ["ANTHROPIC_API_KEY"]
PROMPT = "Write concise alt text (max 125 characters) for this image, then a one-sentence caption. Reply as JSON {alt, caption}."


def caption(path):
    mime = mimetypes.guess_type(path)[0] or "image/jpeg"
    data = base64.b64encode(open(path, "rb").read()).decode()
    body = {"model": "claude-sonnet-4-5", "max_tokens": 300, "messages": [{"role": "user", "content": [
        {"type": "image", "source": {"type": "base64", "media_type": mime, "data": data}},
        {"type": "text", "text": PROMPT}]}]}
    req = urllib.request.Request(API, json.dumps(body).encode(), {
        "x-api-key": KEY, "anthropic-version": "2023-06-01", "content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        text = json.load(r)["content"][0]["text"]
    try:
        return json.loads(text[text.index("{"): text.rindex("}") + 1])
    except ValueError:
        return {"alt": text[:125], "caption": ""}


w = csv.writer(sys.stdout)
w.writerow(["file", "alt", "caption"])
for p in sys.argv[1:]:
    if os.path.getsize(p) > 5 * 1024 * 1024:
        print(f"skip {p}: larger than 5 MB", file=sys.stderr)
        continue
    c = caption(p)
    w.writerow([p, c.get("alt", ""), c.get("caption", "")])
