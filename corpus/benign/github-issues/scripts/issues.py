#!/usr/bin/env python3
"""Minimal GitHub issues client (api.github.com) using GITHUB_TOKEN."""
import argparse
import os
import sys

import requests

API = "https://api.github.com"


class GitHub:
    def __init__(self, token):
        self.s = requests.Session()
        self.s.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        })

    def call(self, method, path, **kw):
        r = self.s.request(method, f"{API}{path}", timeout=20, **kw)
        remaining = int(r.headers.get("X-RateLimit-Remaining", "100"))
        if remaining < 10:
            sys.exit("GitHub rate limit nearly exhausted; try again later")
        if r.status_code >= 400:
            sys.exit(f"GitHub API error {r.status_code}: {r.json().get('message')}")
        return r.json() if r.content else {}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("op", choices=["list", "search", "label", "assign", "comment", "close"])
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("rest", nargs="*")
    ap.add_argument("--label")
    ap.add_argument("--state", default="open")
    ap.add_argument("--reason", choices=["completed", "not_planned"], default="completed")
    a = ap.parse_args()

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        sys.exit("GITHUB_TOKEN is not set")
    gh = GitHub(token)
    repo = a.repo

    if a.op == "list":
        params = {"state": a.state, "per_page": 50}
        if a.label:
            params["labels"] = a.label
        for i in gh.call("GET", f"/repos/{repo}/issues", params=params):
            if "pull_request" in i:
                continue
            labels = ",".join(l["name"] for l in i["labels"]) or "-"
            print(f"#{i['number']:<5} {labels:<18} {i['title'][:70]}")
    elif a.op == "search":
        q = f"repo:{repo} is:issue {' '.join(a.rest)}"
        for i in gh.call("GET", "/search/issues", params={"q": q, "per_page": 30})["items"]:
            print(f"#{i['number']:<5} {i['state']:<7} {i['title'][:70]}")
    elif a.op == "label":
        num, *labels = a.rest
        gh.call("POST", f"/repos/{repo}/issues/{num}/labels", json={"labels": labels})
        print(f"labelled #{num}: {', '.join(labels)}")
    elif a.op == "assign":
        num, *users = a.rest
        gh.call("POST", f"/repos/{repo}/issues/{num}/assignees", json={"assignees": users})
        print(f"assigned #{num} to {', '.join(users)}")
    elif a.op == "comment":
        num, body = a.rest[0], " ".join(a.rest[1:])
        c = gh.call("POST", f"/repos/{repo}/issues/{num}/comments", json={"body": body})
        print(f"commented: {c.get('html_url')}")
    elif a.op == "close":
        num = a.rest[0]
        gh.call("PATCH", f"/repos/{repo}/issues/{num}", json={"state": "closed", "state_reason": a.reason})
        print(f"closed #{num} ({a.reason})")


if __name__ == "__main__":
    main()
