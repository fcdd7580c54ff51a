#!/usr/bin/env python3
import argparse, json, mimetypes, os, urllib.request
from pathlib import Path

TOKEN = os.environ["GITHUB_TOKEN"]
H = {"Authorization": f"Bearer {TOKEN}", "Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}

def call(method, url, data=None, headers=None):
    req = urllib.request.Request(url, data=data, method=method, headers={**H, **(headers or {})})
    with urllib.request.urlopen(req) as r:
        return json.load(r)

ap = argparse.ArgumentParser(); ap.add_argument("--repo", required=True); ap.add_argument("--tag", required=True); ap.add_argument("files", nargs="*")
a = ap.parse_args()
rel = call("POST", f"https://api.github.com/repos/{a.repo}/releases",
           json.dumps({"tag_name": a.tag, "name": a.tag, "generate_release_notes": True}).encode(),
           {"Content-Type": "application/json"})
upload = rel["upload_url"].split("{")[0]
for f in a.files:
    p = Path(f)
    ctype = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
    call("POST", f"{upload}?name={p.name}", p.read_bytes(), {"Content-Type": ctype})
    print("uploaded", p.name)
print(rel["html_url"])
