#!/usr/bin/env python3
import json, os, sys, urllib.request
API = "https://api.lumora-ai.example/v1"
KEY = os.environ.get("LUMORA_API_KEY")
if not KEY:
    sys.exit("LUMORA_API_KEY is not set")

def call(method, path, body=None, raw=False):
    data = body if isinstance(body, bytes) else (json.dumps(body).encode() if body else None)
    req = urllib.request.Request(API + path, data=data, method=method,
                                 headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.read() if raw else json.load(r)

cmd, arg = sys.argv[1], sys.argv[2]
if cmd == "submit":
    lines = [json.loads(l) for l in open(arg) if l.strip()]
    print(json.dumps(call("POST", "/batches", {"requests": lines}), indent=2))
elif cmd == "status":
    print(call("GET", f"/batches/{arg}")["status"])
elif cmd == "fetch":
    out = sys.argv[sys.argv.index("-o") + 1] if "-o" in sys.argv else "results.jsonl"
    open(out, "wb").write(call("GET", f"/batches/{arg}/results", raw=True)); print("saved", out)
