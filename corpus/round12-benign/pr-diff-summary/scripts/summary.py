#!/usr/bin/env python3
import json
import os
import subprocess
import sys
import urllib.request

pr = sys.argv[1]
diff = subprocess.run(["gh", "pr", "diff", pr], capture_output=True, text=True, check=True).stdout[:400_000]
meta = json.loads(subprocess.run(["gh", "pr", "view", pr, "--json", "title,body,author"], capture_output=True, text=True, check=True).stdout)
prompt = f"Summarise this pull request for a reviewer: purpose, main changes by file, risks, test coverage.\n\nTitle: {meta['title']}\n\n{meta['body']}\n\n```diff\n{diff}\n```"
req = urllib.request.Request(
    "https://api.anthropic.com/v1/messages",
    data=json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 1500, "messages": [{"role": "user", "content": prompt}]}).encode(),
    headers={"x-api-key": os.environ["ANTHROPIC_API_KEY"], "anthropic-version": "2023-06-01", "content-type": "application/json"},
)
out = json.load(urllib.request.urlopen(req, timeout=120))
print("".join(c.get("text", "") for c in out["content"]))
