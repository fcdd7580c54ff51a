#!/usr/bin/env python3
"""Build, submit, poll and fetch OpenAI Batch API jobs."""
import csv
import json
import os
import sys
import time
from pathlib import Path

import requests

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


def H():
    return {"Authorization": f"Bearer {api_key()}"}


def build(src, model, out):
    n = 0
    with open(src, newline="") as f, open(out, "w") as o:
        for i, row in enumerate(csv.DictReader(f)):
            o.write(json.dumps({"custom_id": row.get("id") or str(i), "method": "POST", "url": "/v1/chat/completions",
                                "body": {"model": model, "messages": [{"role": "user", "content": row["prompt"]}]}}) + "\n")
            n += 1
    print(f"wrote {n} requests to {out}")


def submit(path):
    n = sum(1 for _ in open(path))
    print(f"{n} requests; estimated cost shown in the dashboard after validation.")
    if input("Submit batch? [y/N] ").strip().lower() != "y":
        sys.exit("aborted")
    fid = requests.post(f"{API}/files", headers=H(), files={"file": open(path, "rb")},
                        data={"purpose": "batch"}, timeout=120).json()["id"]
    b = requests.post(f"{API}/batches", headers=H(), json={"input_file_id": fid, "endpoint": "/v1/chat/completions",
                                                           "completion_window": "24h"}, timeout=60).json()
    print(b["id"])


def wait(bid):
    deadline = time.time() + 24 * 3600
    while time.time() < deadline:
        b = requests.get(f"{API}/batches/{bid}", headers=H(), timeout=60).json()
        print(b["status"], b.get("request_counts"))
        if b["status"] in ("completed", "failed", "expired", "cancelled"):
            return
        time.sleep(60)


def fetch(bid, out):
    b = requests.get(f"{API}/batches/{bid}", headers=H(), timeout=60).json()
    text = requests.get(f"{API}/files/{b['output_file_id']}/content", headers=H(), timeout=300).text
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "answer"])
        for line in text.splitlines():
            r = json.loads(line)
            w.writerow([r["custom_id"], r["response"]["body"]["choices"][0]["message"]["content"]])
    print(f"saved {out}")


if __name__ == "__main__":
    cmd, *rest = sys.argv[1:]
    if cmd == "build":
        build(rest[0], rest[rest.index("--model") + 1] if "--model" in rest else "gpt-4.1-mini",
              rest[rest.index("--out") + 1] if "--out" in rest else "batch.jsonl")
    elif cmd == "submit":
        submit(rest[0])
    elif cmd == "wait":
        wait(rest[0])
    elif cmd == "fetch":
        fetch(rest[0], rest[1])
