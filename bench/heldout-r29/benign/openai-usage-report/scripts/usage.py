#!/usr/bin/env python3
import argparse
import datetime as dt
import os
import sys
from collections import defaultdict

import requests

API = "https://api.openai.com/v1/organization"


def get(path, params, key):
    out, page = [], None
    while True:
        if page:
            params["page"] = page
        r = requests.get(f"{API}/{path}", params=params, headers={"Authorization": f"Bearer {key}"}, timeout=30)
        if r.status_code == 401:
            sys.exit("OPENAI_ADMIN_KEY was rejected (401). Is it an admin key?")
        r.raise_for_status()
        body = r.json()
        out.extend(body["data"])
        page = body.get("next_page")
        if not body.get("has_more"):
            return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--start")
    ap.add_argument("--end")
    ap.add_argument("--by", choices=["model", "project", "day"], default="model")
    a = ap.parse_args()
    key = os.environ.get("OPENAI_ADMIN_KEY") or sys.exit("set OPENAI_ADMIN_KEY")
    end = dt.datetime.fromisoformat(a.end) if a.end else dt.datetime.utcnow()
    start = dt.datetime.fromisoformat(a.start) if a.start else end - dt.timedelta(days=a.days)
    group = {"model": "line_item", "project": "project_id", "day": None}[a.by]
    params = {"start_time": int(start.timestamp()), "end_time": int(end.timestamp()), "bucket_width": "1d"}
    if group:
        params["group_by"] = group
    totals = defaultdict(float)
    for bucket in get("costs", params, key):
        day = dt.datetime.utcfromtimestamp(bucket["start_time"]).date().isoformat()
        for res in bucket["results"]:
            totals[res.get(group) or day if group else day] += res["amount"]["value"]
    print(f"total ${sum(totals.values()):.2f} from {start.date()} to {end.date()}")
    for k, v in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"{v:10.2f}  {k}")


if __name__ == "__main__":
    main()
