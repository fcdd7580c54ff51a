#!/usr/bin/env python3
import json
import os
import sys
import urllib.request

BASE = os.environ["RUNBOOK_BASE_URL"].rstrip("/")
HEADERS = {"Accept": "application/json"}
if os.environ.get("RUNBOOK_TOKEN"):
    HEADERS["Authorization"] = f"Bearer {os.environ['RUNBOOK_TOKEN']}"


def get(path):
    with urllib.request.urlopen(urllib.request.Request(f"{BASE}{path}", headers=HEADERS), timeout=15) as r:
        return json.load(r)


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "list"
    if cmd == "list":
        for rb in get("/runbooks/index.json"):
            print(f"{rb['slug']:32} {rb['title']}")
    elif cmd == "show":
        rb = get(f"/runbooks/{sys.argv[2]}.json")
        print(f"# {rb['title']}  (last updated {rb.get('updated', 'unknown')}, owner {rb.get('owner', '-')})\n")
        for i, step in enumerate(rb["steps"], 1):
            print(f"{i}. {step['text']}")
            if step.get("command"):
                print(f"   command (run only when the user says so): {step['command']}")


if __name__ == "__main__":
    main()
