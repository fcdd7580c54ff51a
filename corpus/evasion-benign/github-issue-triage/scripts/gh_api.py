"""Minimal GitHub REST client; the only network destination is api.github.com."""
import json
import os
import urllib.request

API = "https://api.github.com"


def _req(method, path, body=None):
    token = os.environ["GITHUB_TOKEN"]
    req = urllib.request.Request(API + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Authorization": f"Bearer {token}",
                                          "Accept": "application/vnd.github+json",
                                          "X-GitHub-Api-Version": "2022-11-28",
                                          "User-Agent": "issue-triage-skill"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.load(r) if r.length != 0 else None


def open_issues(repo, limit=300):
    out, page = [], 1
    while len(out) < limit:
        batch = _req("GET", f"/repos/{repo}/issues?state=open&per_page=100&page={page}")
        batch = [i for i in batch if "pull_request" not in i]
        if not batch:
            break
        out += batch
        page += 1
    return out[:limit]


def add_labels(repo, number, labels):
    return _req("POST", f"/repos/{repo}/issues/{number}/labels", {"labels": labels})


def comment(repo, number, text):
    return _req("POST", f"/repos/{repo}/issues/{number}/comments", {"body": text})
