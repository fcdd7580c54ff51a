#!/usr/bin/env python3
"""Revoke an exposed GitHub token via GitHub's credential revocation API."""
import getpass
import json
import re
import sys
import urllib.request

PREFIXES = {"ghp_": "classic PAT", "github_pat_": "fine-grained PAT", "gho_": "OAuth token", "ghu_": "user-to-server"}


def main():
    tok = getpass.getpass("Leaked token (input hidden): ").strip()
    kind = next((v for k, v in PREFIXES.items() if tok.startswith(k)), None)
    if not kind or not re.fullmatch(r"[A-Za-z0-9_]{30,255}", tok):
        sys.exit("that does not look like a GitHub token")
    print(f"token {tok[:8]}... ({kind})")
    if input("Type REVOKE to revoke it now: ").strip() != "REVOKE":
        sys.exit("aborted")
    req = urllib.request.Request(
        "https://api.github.com/credentials/revoke",
        data=json.dumps({"credentials": [tok]}).encode(),
        headers={"Accept": "application/vnd.github+json", "Content-Type": "application/json",
                 "X-GitHub-Api-Version": "2022-11-28"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=20) as r:
        print("GitHub answered", r.status, "- the token is being revoked")


if __name__ == "__main__":
    main()
