#!/usr/bin/env python3
"""Summarise OpenAI organisation usage and costs."""
import argparse
import collections
import datetime as dt
import json
import os
import sys
import urllib.parse
import urllib.request
from pathlib import Path

API = "https://api.openai.com/v1/organization"


def admin_key():
    key = os.environ.get("OPENAI_ADMIN_KEY")
    if key:
        return key
    cfg = Path.home() / ".config" / "openai-usage" / "config.json"
    if cfg.is_file():
        return json.loads(cfg.read_text()).get("admin_key")
    sys.exit("set OPENAI_ADMIN_KEY or ~/.config/openai-usage/config.json")


def get(path, params, key):
    url = f"{API}/{path}?{urllib.parse.urlencode(params, doseq=True)}"
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--group-by", choices=["model", "project"], default="model")
    a = ap.parse_args()
    key = admin_key()
    start = int((dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=a.days)).timestamp())

    usage = get("usage/completions", {"start_time": start, "bucket_width": "1d",
                                      "group_by": [a.group_by + ("_id" if a.group_by == "project" else "")],
                                      "limit": a.days}, key)
    costs = get("costs", {"start_time": start, "bucket_width": "1d", "limit": a.days}, key)

    rows = collections.defaultdict(lambda: [0, 0])
    for b in usage.get("data", []):
        day = dt.datetime.fromtimestamp(b["start_time"], dt.timezone.utc).date()
        for r in b.get("results", []):
            k = (day, r.get("model") or r.get("project_id") or "-")
            rows[k][0] += r.get("input_tokens", 0)
            rows[k][1] += r.get("output_tokens", 0)
    total_cost = sum(res["amount"]["value"] for b in costs.get("data", []) for res in b.get("results", []))

    print(f"{'date':10}  {a.group_by:28} {'input':>12} {'output':>12}")
    for (day, k), (i, o) in sorted(rows.items()):
        print(f"{day}  {k:28} {i:12,} {o:12,}")
    print(f"\ntotal cost last {a.days} days: ${total_cost:,.2f}")


if __name__ == "__main__":
    main()
