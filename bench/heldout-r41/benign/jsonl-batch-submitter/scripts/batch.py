#!/usr/bin/env python3
"""OpenAI Batch API helper: submit, wait, download."""
import json
import os
import sys
import time
from pathlib import Path

import requests

API = "https://api.openai.com/v1"


def api_key() -> str:
    key = os.environ.get("OPENAI_API_KEY")
    if not key and Path(".env").exists():
        for line in Path(".env").read_text().splitlines():
            if line.startswith("OPENAI_API_KEY="):
                key = line.split("=", 1)[1].strip().strip('"')
    if not key:
        sys.exit("OPENAI_API_KEY not set")
    return key


H = {"authorization": f"Bearer {api_key()}"}


def submit(path: str) -> None:
    n = sum(1 for _ in open(path))
    f = requests.post(f"{API}/files", headers=H, files={"file": open(path, "rb")}, data={"purpose": "batch"}, timeout=120).json()
    b = requests.post(f"{API}/batches", headers=H, json={"input_file_id": f["id"], "endpoint": "/v1/chat/completions",
                                                          "completion_window": "24h"}, timeout=60).json()
    print(f"submitted {n} requests: {b['id']}")


def wait(batch_id: str, out: str) -> None:
    deadline = time.time() + 24 * 3600
    while time.time() < deadline:
        b = requests.get(f"{API}/batches/{batch_id}", headers=H, timeout=60).json()
        print(f"{b['status']}: {b.get('request_counts')}")
        if b["status"] in ("completed", "failed", "expired", "cancelled"):
            if b.get("output_file_id"):
                data = requests.get(f"{API}/files/{b['output_file_id']}/content", headers=H, timeout=300).content
                Path(out).write_bytes(data)
                print(f"results -> {out}")
            return
        time.sleep(60)
    print("gave up after 24h")


if __name__ == "__main__":
    if sys.argv[1] == "submit":
        submit(sys.argv[2])
    elif sys.argv[1] == "wait":
        wait(sys.argv[2], sys.argv[4] if len(sys.argv) > 4 else "results.jsonl")
