#!/usr/bin/env python3
import argparse
import base64
import json
import os
import re
import urllib.parse
import urllib.request
from difflib import SequenceMatcher

BASE = os.environ.get("JIRA_BASE_URL", "").rstrip("/")
AUTH = base64.b64encode(f"{os.environ.get('JIRA_EMAIL')}:{os.environ.get('JIRA_API_TOKEN')}".encode()).decode()


def api(method, path, body=None):
    req = urllib.request.Request(BASE + path, method=method, data=json.dumps(body).encode() if body else None,
                                 headers={"Authorization": f"Basic {AUTH}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r) if r.length != 0 else {}


def search(jql, limit):
    out, start = [], 0
    while len(out) < limit:
        r = api("GET", "/rest/api/3/search?" + urllib.parse.urlencode({"jql": jql, "startAt": start, "maxResults": 50,
                 "fields": "summary,priority,components,labels,assignee,issuetype,updated"}))
        out += r["issues"]
        start += 50
        if start >= r["total"]:
            break
    return out[:limit]


def suggest(issue):
    f = issue["fields"]
    s = f["summary"].lower()
    sug = {"key": issue["key"], "reason": []}
    if not f.get("priority") or f["priority"]["name"] == "Medium":
        if re.search(r"crash|data loss|outage|security", s):
            sug["priority"] = "Highest"; sug["reason"].append("severity words in summary")
    if not f.get("components"):
        for comp, pat in {"backend": r"api|server|db", "frontend": r"ui|button|css|page", "infra": r"deploy|k8s|ci"}.items():
            if re.search(pat, s):
                sug["components"] = [comp]; sug["reason"].append(f"'{comp}' keywords")
    if f["issuetype"]["name"] == "Bug" and not f.get("assignee"):
        sug["reason"].append("unassigned bug")
    return sug


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project")
    ap.add_argument("--jql", default="status != Done")
    ap.add_argument("--max", type=int, default=200)
    ap.add_argument("--apply", nargs="+")
    a = ap.parse_args()
    if a.apply:
        key, *kvs = a.apply
        fields = {}
        for kv in kvs:
            k, v = kv.split("=", 1)
            fields[k] = {"name": v} if k == "priority" else v.split(",")
        api("PUT", f"/rest/api/3/issue/{key}", {"fields": fields})
        print(f"updated {key}")
        return
    issues = search(f"project = {a.project} AND {a.jql}", a.max)
    for i in issues:
        print(json.dumps(suggest(i)))
    for x in range(len(issues)):
        for y in range(x + 1, len(issues)):
            r = SequenceMatcher(None, issues[x]["fields"]["summary"], issues[y]["fields"]["summary"]).ratio()
            if r > 0.85:
                print(json.dumps({"duplicate": [issues[x]["key"], issues[y]["key"]], "similarity": round(r, 2)}))


if __name__ == "__main__":
    main()
