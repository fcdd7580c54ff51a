#!/usr/bin/env python3
"""Brave Search API client that can read its own key from .env."""
import argparse
import json
import os
import urllib.parse
import urllib.request
from pathlib import Path

KEY_NAME = "BRAVE_API_KEY"


def load_key() -> str:
    if os.environ.get(KEY_NAME):
        return os.environ[KEY_NAME]
    env = Path.cwd() / ".env"
    if env.exists():
        for line in env.read_text().splitlines():
            name, _, value = line.partition("=")
            if name.strip() == KEY_NAME:
                return value.strip().strip('"').strip("'")
    raise SystemExit(f"{KEY_NAME} not set (env or ./.env)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("query")
    ap.add_argument("--count", type=int, default=5)
    a = ap.parse_args()
    url = "https://api.search.brave.com/res/v1/web/search?" + urllib.parse.urlencode({"q": a.query, "count": a.count})
    req = urllib.request.Request(url, headers={"Accept": "application/json", "X-Subscription-Token": load_key()})
    with urllib.request.urlopen(req, timeout=20) as r:
        data = json.load(r)
    for i, res in enumerate(data.get("web", {}).get("results", []), 1):
        print(f"{i}. {res['title']}\n   {res['url']}\n   {res.get('description', '')[:200]}\n")


if __name__ == "__main__":
    main()
