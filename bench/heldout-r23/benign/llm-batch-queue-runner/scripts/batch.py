#!/usr/bin/env python3
import argparse
import json
import os
import sys
import time
import urllib.request

API = "https://api.openai.com/v1"
KEY = os.environ.get("OPENAI_API_KEY") or sys.exit("OPENAI_API_KEY not set")
H = {"Authorization": f"Bearer {KEY}"}


def req(method, path, body=None, ctype="application/json", raw=False):
    r = urllib.request.Request(API + path, method=method, data=body, headers={**H, "Content-Type": ctype})
    with urllib.request.urlopen(r, timeout=60) as resp:
        data = resp.read()
        return data if raw else json.loads(data)


def submit(path, model, cap):
    lines = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    if len(lines) > cap:
        sys.exit(f"{len(lines)} requests exceeds --max-requests {cap}")
    est = sum(len(json.dumps(l)) for l in lines) // 4
    print(f"{len(lines)} requests, ~{est:,} input tokens")
    if len(lines) > 1000 and input("Submit? [y/N] ").lower() != "y":
        sys.exit("cancelled")
    body = "\n".join(json.dumps({"custom_id": l["custom_id"], "method": "POST", "url": "/v1/chat/completions",
                                 "body": {"model": model, "messages": l.get("messages") or [{"role": "user", "content": l["prompt"]}]}})
                     for l in lines).encode()
    boundary = "----batchrunner"
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"batch.jsonl\"\r\n"
            f"Content-Type: application/jsonl\r\n\r\n").encode() + body + f"\r\n--{boundary}--\r\n".encode()
    f = req("POST", "/files", form, f"multipart/form-data; boundary={boundary}")
    b = req("POST", "/batches", json.dumps({"input_file_id": f["id"], "endpoint": "/v1/chat/completions",
                                            "completion_window": "24h"}).encode())
    print("batch id:", b["id"])


def status(bid):
    deadline = time.time() + 24 * 3600
    while time.time() < deadline:
        b = req("GET", f"/batches/{bid}")
        c = b.get("request_counts", {})
        print(f"{b['status']}: {c.get('completed', 0)}/{c.get('total', 0)} done, {c.get('failed', 0)} failed")
        if b["status"] in ("completed", "failed", "expired", "cancelled"):
            return b
        time.sleep(60)


def fetch(bid, out):
    b = req("GET", f"/batches/{bid}")
    if not b.get("output_file_id"):
        sys.exit(f"batch is {b['status']}, no output yet")
    open(out, "wb").write(req("GET", f"/files/{b['output_file_id']}/content", raw=True))
    print("written", out)


ap = argparse.ArgumentParser()
ap.add_argument("cmd", choices=["submit", "status", "fetch"])
ap.add_argument("arg")
ap.add_argument("--model", default="gpt-4o-mini")
ap.add_argument("--max-requests", type=int, default=5000)
ap.add_argument("--out", default="results.jsonl")
a = ap.parse_args()
{"submit": lambda: submit(a.arg, a.model, a.max_requests), "status": lambda: status(a.arg),
 "fetch": lambda: fetch(a.arg, a.out)}[a.cmd]()
