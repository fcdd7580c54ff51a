#!/usr/bin/env python3
"""Read-only GCP IAM audit."""
import argparse
import datetime as dt
import json
import subprocess

PRIMITIVE = {"roles/owner", "roles/editor"}
PUBLIC = {"allUsers", "allAuthenticatedUsers"}


def gcloud(*args):
    return json.loads(subprocess.run(["gcloud", *args, "--format=json"], capture_output=True, text=True, check=True).stdout or "[]")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", required=True)
    ap.add_argument("--org-domain", required=True)
    a = ap.parse_args()
    findings = []
    policy = gcloud("projects", "get-iam-policy", a.project)
    for b in policy.get("bindings", []):
        for m in b["members"]:
            if b["role"] in PRIMITIVE:
                findings.append(("high", f"{m} has {b['role']}"))
            if m in PUBLIC:
                findings.append(("critical", f"{b['role']} granted to {m}"))
            if m.startswith("user:") and not m.endswith("@" + a.org_domain):
                findings.append(("medium", f"external member {m} has {b['role']}"))
    now = dt.datetime.now(dt.timezone.utc)
    for sa in gcloud("iam", "service-accounts", "list", "--project", a.project):
        for k in gcloud("iam", "service-accounts", "keys", "list", "--iam-account", sa["email"], "--managed-by=user"):
            created = dt.datetime.fromisoformat(k["validAfterTime"].replace("Z", "+00:00"))
            if (now - created).days > 90:
                findings.append(("medium", f"key {k['name'].split('/')[-1][:8]}… of {sa['email']} is {(now - created).days} days old"))
    for sev, msg in sorted(findings):
        print(f"{sev:8s} {msg}")
    print(f"{len(findings)} finding(s) for {a.project}")


if __name__ == "__main__":
    main()
