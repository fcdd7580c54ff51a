#!/usr/bin/env python3
import argparse, os, subprocess, requests

BASE = os.environ.get("SENTRY_URL", "https://sentry.io").rstrip("/")
HDR = {"Authorization": f"Bearer {os.environ['SENTRY_AUTH_TOKEN']}"}
ORG, PROJ = os.environ["SENTRY_ORG"], os.environ["SENTRY_PROJECT"]


def git(*a):
    return subprocess.run(["git", *a], capture_output=True, text=True, check=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--env", default="production"); a = ap.parse_args()
    sha = git("rev-parse", "HEAD")
    try:
        prev = git("describe", "--tags", "--abbrev=0", "HEAD^")
        rng = f"{prev}..HEAD"
    except subprocess.CalledProcessError:
        rng = "HEAD~20..HEAD"
    commits = [{"id": l.split("\t")[0], "message": l.split("\t")[1], "author_email": l.split("\t")[2]}
               for l in git("log", "--format=%H\t%s\t%ae", rng).splitlines() if l]
    repo = git("config", "--get", "remote.origin.url").split(":")[-1].removesuffix(".git")
    r = requests.post(f"{BASE}/api/0/organizations/{ORG}/releases/", headers=HDR, timeout=20,
                      json={"version": sha, "projects": [PROJ], "refs": [{"repository": repo, "commit": sha}], "commits": commits})
    r.raise_for_status()
    d = requests.post(f"{BASE}/api/0/organizations/{ORG}/releases/{sha}/deploys/", headers=HDR, timeout=20, json={"environment": a.env})
    d.raise_for_status()
    print(f"release {sha[:12]} with {len(commits)} commits deployed to {a.env}")


if __name__ == "__main__":
    main()
