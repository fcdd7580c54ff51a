#!/usr/bin/env python3
import argparse, base64, json, os
from urllib import request

ap = argparse.ArgumentParser()
ap.add_argument("prompt"); ap.add_argument("--size", default="1024x1024"); ap.add_argument("--out", default="out.png")
a = ap.parse_args()
req = request.Request("https://api.openai.com/v1/images/generations",
    data=json.dumps({"model": "gpt-image-1", "prompt": a.prompt, "size": a.size}).encode(),
    headers={"Authorization": f"Bearer {os.environ['OPENAI_API_KEY']}", "Content-Type": "application/json"})
r = json.load(request.urlopen(req, timeout=120))
open(a.out, "wb").write(base64.b64decode(r["data"][0]["b64_json"]))
print("saved", a.out)
