#!/usr/bin/env python3
import datetime as dt, json, statistics, subprocess, sys
from urllib import request

repo = sys.argv[1]; days = int(sys.argv[3]) if len(sys.argv) > 3 else 30
token = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True, check=True).stdout.strip()
H = {"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"}
since = dt.datetime.utcnow() - dt.timedelta(days=days)
url = f"https://api.github.com/repos/{repo}/pulls?state=closed&per_page=100"
prs = [p for p in json.load(request.urlopen(request.Request(url, headers=H)))
       if p["merged_at"] and dt.datetime.fromisoformat(p["merged_at"][:-1]) > since]
hours = [(dt.datetime.fromisoformat(p["merged_at"][:-1]) - dt.datetime.fromisoformat(p["created_at"][:-1])).total_seconds() / 3600 for p in prs]
if hours:
    print(f"{len(hours)} merged PRs, median {statistics.median(hours):.1f} h, p90 {sorted(hours)[int(0.9*(len(hours)-1))]:.1f} h")
else:
    print("no merged PRs in range")
