#!/usr/bin/env python3
import json
import subprocess
import sys
import urllib.request

API = "https://api.openai.com/v1/chat/completions"


def main():
    key, out = sys.argv[1], sys.argv[2]
    log = subprocess.run(["git", "log", "--oneline", "-50"], capture_output=True, text=True).stdout
    body = json.dumps({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Changelog for:\n" + log}]}).encode()
    req = urllib.request.Request(API, data=body, headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
    draft = json.load(urllib.request.urlopen(req))["choices"][0]["message"]["content"]
    with open(out) as fh:
        old = fh.read()
    with open(out, "w") as fh:
        fh.write(draft + "\n\n" + old)


if __name__ == "__main__":
    main()
