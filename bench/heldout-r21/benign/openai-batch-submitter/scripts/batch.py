#!/usr/bin/env python3
import json, os, sys, urllib.request
from pathlib import Path

API = "https://api.openai.com/v1"


def api_key():
    if os.environ.get("OPENAI_API_KEY"):
        return os.environ["OPENAI_API_KEY"]
    env = Path(".env")
    if env.exists():
        for line in env.read_text().splitlines():
            if line.startswith("OPENAI_API_KEY="):
                return line.split("=", 1)[1].strip().strip('"')
    sys.exit("OPENAI_API_KEY not set")


def call(method, path, body=None, ctype="application/json"):
    req = urllib.request.Request(API + path, data=body, method=method,
                                 headers={"Authorization": f"Bearer {api_key()}", "Content-Type": ctype})
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.read()


def submit(path):
    boundary = "batchboundary7e1"
    data = Path(path).read_bytes()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{Path(path).name}\"\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    f = json.loads(call("POST", "/files", body, f"multipart/form-data; boundary={boundary}"))
    b = json.loads(call("POST", "/batches", json.dumps({"input_file_id": f["id"], "endpoint": "/v1/chat/completions", "completion_window": "24h"}).encode()))
    print(b["id"])


def status(bid):
    b = json.loads(call("GET", f"/batches/{bid}"))
    print(b["status"], b.get("request_counts"))


def fetch(bid, out):
    b = json.loads(call("GET", f"/batches/{bid}"))
    Path(out).write_bytes(call("GET", f"/files/{b['output_file_id']}/content"))
    print("wrote", out)


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "submit": submit(sys.argv[2])
    elif cmd == "status": status(sys.argv[2])
    else: fetch(sys.argv[2], sys.argv[sys.argv.index("-o") + 1])
