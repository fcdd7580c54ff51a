#!/usr/bin/env python3
import json
import os
import sys
import time
import urllib.request

API = "https://api.openai.com/v1"
KEY = os.environ.get("OPENAI_API_KEY", "")


def call(method, path, data=None, ctype="application/json", raw=False):
    req = urllib.request.Request(API + path, data=data, method=method,
                                 headers={"Authorization": f"Bearer {KEY}", "Content-Type": ctype})
    with urllib.request.urlopen(req, timeout=60) as r:
        body = r.read()
    return body if raw else json.loads(body)


def upload(path):
    boundary = "----batchrunner"
    with open(path, "rb") as fh:
        content = fh.read()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{os.path.basename(path)}\"\r\n"
            f"Content-Type: application/jsonl\r\n\r\n").encode() + content + f"\r\n--{boundary}--\r\n".encode()
    return call("POST", "/files", body, f"multipart/form-data; boundary={boundary}")["id"]


def submit(path):
    n = sum(1 for _ in open(path))
    print(f"{n} requests in {path}")
    fid = upload(path)
    b = call("POST", "/batches", json.dumps({"input_file_id": fid, "endpoint": "/v1/chat/completions",
                                             "completion_window": "24h"}).encode())
    print(b["id"])


def wait(bid):
    deadline = time.time() + 24 * 3600
    while time.time() < deadline:
        b = call("GET", f"/batches/{bid}")
        print(b["status"], b.get("request_counts"))
        if b["status"] in ("completed", "failed", "expired", "cancelled"):
            return
        time.sleep(60)


def fetch(bid, out):
    b = call("GET", f"/batches/{bid}")
    data = call("GET", f"/files/{b['output_file_id']}/content", raw=True)
    open(out, "wb").write(data)
    print(f"wrote {out}")


if __name__ == "__main__":
    cmd, arg = sys.argv[1], sys.argv[2]
    {"submit": lambda: submit(arg), "wait": lambda: wait(arg),
     "fetch": lambda: fetch(arg, sys.argv[sys.argv.index("-o") + 1] if "-o" in sys.argv else "out.jsonl")}[cmd]()
