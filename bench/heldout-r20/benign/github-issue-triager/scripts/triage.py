#!/usr/bin/env python3
import os, sys, difflib, requests
repo = sys.argv[1]; apply = "--apply" in sys.argv
H = {"Authorization": f"Bearer {os.environ['GITHUB_TOKEN']}", "Accept": "application/vnd.github+json"}
AREAS = {"docs": ["readme", "docs", "typo"], "ui": ["button", "css", "layout"], "api": ["endpoint", "401", "json"]}
issues = requests.get(f"https://api.github.com/repos/{repo}/issues", headers=H, params={"state": "open", "per_page": 100}, timeout=30).json()
titles = {i["number"]: i["title"] for i in issues}
for i in issues:
    if i.get("labels") or "pull_request" in i:
        continue
    text = (i["title"] + " " + (i["body"] or "")).lower()
    area = next((a for a, kw in AREAS.items() if any(k in text for k in kw)), "needs-triage")
    dup = difflib.get_close_matches(i["title"], [t for n, t in titles.items() if n != i["number"]], n=1, cutoff=0.8)
    print(f"#{i['number']} {i['title'][:60]!r} -> {area}" + (f" (dup? {dup[0]!r})" if dup else ""))
    if apply:
        requests.post(f"https://api.github.com/repos/{repo}/issues/{i['number']}/labels", headers=H, json={"labels": [area]}, timeout=30)
