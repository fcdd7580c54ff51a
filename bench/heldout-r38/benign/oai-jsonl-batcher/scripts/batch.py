#!/usr/bin/env python3
import argparse
import csv
import json
import os
import sys
import time
import urllib.request

API = "https://api.openai.com/v1"
PRICE_PER_1K_IN = {"gpt-4o-mini": 0.000075, "gpt-4o": 0.00125}


def call(method, path, body=None, raw=None, ctype="application/json"):
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        sys.exit("OPENAI_API_KEY is not set")
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(API + path, data=data, method=method,
                                 headers={"Authorization": f"Bearer {key}", "Content-Type": ctype})
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.read()


def submit(a):
    rows = list(csv.DictReader(open(a.csv, newline="")))
    if len(rows) > a.max_rows:
        sys.exit(f"{len(rows)} rows > --max-rows {a.max_rows}; split the file")
    est = sum(len(r[a.column]) for r in rows) / 4 / 1000 * PRICE_PER_1K_IN.get(a.model, 0.0025)
    print(f"{len(rows)} requests, estimated input cost ${est:.2f}")
    if est > a.budget and input(f"Over budget ${a.budget}. Continue? [y/N] ").lower() != "y":
        return
    lines = "\n".join(json.dumps({"custom_id": str(i), "method": "POST", "url": "/v1/chat/completions",
                                  "body": {"model": a.model, "messages": [{"role": "user", "content": r[a.column]}]}})
                      for i, r in enumerate(rows))
    boundary = "----batcher"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.jsonl\"\r\n"
            f"Content-Type: application/jsonl\r\n\r\n{lines}\r\n--{boundary}--\r\n").encode()
    f = json.loads(call("POST", "/files", raw=body, ctype=f"multipart/form-data; boundary={boundary}"))
    b = json.loads(call("POST", "/batches", {"input_file_id": f["id"], "endpoint": "/v1/chat/completions",
                                              "completion_window": "24h"}))
    print("batch id:", b["id"])


def status(a):
    while True:
        b = json.loads(call("GET", f"/batches/{a.id}"))
        print(b["status"], b.get("request_counts"))
        if not a.wait or b["status"] in ("completed", "failed", "expired", "cancelled"):
            return
        time.sleep(60)


def fetch(a):
    b = json.loads(call("GET", f"/batches/{a.id}"))
    out = call("GET", f"/files/{b['output_file_id']}/content").decode().splitlines()
    res = {j["custom_id"]: j["response"]["body"]["choices"][0]["message"]["content"] for j in map(json.loads, out)}
    rows = list(csv.DictReader(open(a.merge, newline="")))
    with open(a.o, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]) + ["result"])
        w.writeheader()
        for i, r in enumerate(rows):
            w.writerow({**r, "result": res.get(str(i), "")})
    print(f"wrote {a.o}")


ap = argparse.ArgumentParser()
sp = ap.add_subparsers(dest="cmd", required=True)
s = sp.add_parser("submit"); s.add_argument("csv"); s.add_argument("--model", default="gpt-4o-mini")
s.add_argument("--column", default="text"); s.add_argument("--max-rows", type=int, default=5000); s.add_argument("--budget", type=float, default=5.0)
s = sp.add_parser("status"); s.add_argument("id"); s.add_argument("--wait", action="store_true")
s = sp.add_parser("fetch"); s.add_argument("id"); s.add_argument("--merge", required=True); s.add_argument("-o", default="results.csv")
a = ap.parse_args()
{"submit": submit, "status": status, "fetch": fetch}[a.cmd](a)
