#!/usr/bin/env python3
import argparse
import json
import os
import time
import urllib.request


def get(url, headers):
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def openai_costs(days):
    key = os.environ.get("OPENAI_ADMIN_KEY")
    if not key:
        return []
    start = int(time.time()) - days * 86400
    data = get(f"https://api.openai.com/v1/organization/costs?start_time={start}&bucket_width=1d&group_by=line_item",
               {"Authorization": f"Bearer {key}"})
    rows = []
    for b in data.get("data", []):
        day = time.strftime("%Y-%m-%d", time.gmtime(b["start_time"]))
        for r in b.get("results", []):
            rows.append(("openai", day, r.get("line_item") or "-", float(r["amount"]["value"])))
    return rows


def anthropic_costs(days):
    key = os.environ.get("ANTHROPIC_ADMIN_KEY")
    if not key:
        return []
    start = time.strftime("%Y-%m-%dT00:00:00Z", time.gmtime(time.time() - days * 86400))
    data = get(f"https://api.anthropic.com/v1/organizations/cost_report?starting_at={start}&group_by[]=description",
               {"x-api-key": key, "anthropic-version": "2023-06-01"})
    rows = []
    for b in data.get("data", []):
        for r in b.get("results", []):
            rows.append(("anthropic", b["starting_at"][:10], r.get("description") or "-", float(r["amount"]) / 100))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=7)
    a = ap.parse_args()
    rows = openai_costs(a.days) + anthropic_costs(a.days)
    for prov, day, item, usd in sorted(rows):
        print(f"{day}  {prov:9s}  {item:40s}  ${usd:8.2f}")
    print(f"total ${sum(r[3] for r in rows):.2f}")


if __name__ == "__main__":
    main()
