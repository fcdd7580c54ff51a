#!/usr/bin/env python3
"""Group merged PRs since the last tag into release-note sections."""
import argparse, json, os, subprocess, urllib.request

SECTIONS = {"feature": "Features", "bug": "Fixes", "docs": "Documentation", "chore": "Maintenance"}


def sh(*a):
    return subprocess.run(a, capture_output=True, text=True, check=True).stdout.strip()


def merged_prs(repo, since):
    q = f"repo:{repo} is:pr is:merged merged:>={since}"
    req = urllib.request.Request(f"https://api.github.com/search/issues?q={urllib.parse.quote(q)}&per_page=100",
                                 headers={"Authorization": f"Bearer {os.environ['GH_TOKEN']}"})
    return json.load(urllib.request.urlopen(req))["items"]


def main():
    import urllib.parse  # noqa
    ap = argparse.ArgumentParser()
    ap.add_argument("--since-last-tag", action="store_true")
    ap.add_argument("--cache")
    a = ap.parse_args()
    tag = sh("git", "describe", "--tags", "--abbrev=0")
    since = sh("git", "log", "-1", "--format=%cs", tag)
    repo = os.environ.get("GITHUB_REPOSITORY") or sh("gh", "repo", "view", "--json", "nameWithOwner", "-q", ".nameWithOwner")
    out = {v: [] for v in SECTIONS.values()}
    for pr in merged_prs(repo, since):
        labels = [l["name"] for l in pr["labels"]]
        sec = next((SECTIONS[l] for l in labels if l in SECTIONS), "Maintenance")
        out[sec].append(f"- {pr['title']} (#{pr['number']})")
    print(f"## Changes since {tag}\n")
    for sec, lines in out.items():
        if lines:
            print(f"### {sec}\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
