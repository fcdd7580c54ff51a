#!/usr/bin/env python3
import datetime as dt
import json
import subprocess
import sys

RISKY_ROLES = {"roles/owner", "roles/editor", "roles/iam.securityAdmin"}


def gcloud(*a: str):
    return json.loads(subprocess.run(["gcloud", *a, "--format=json"], capture_output=True, text=True, check=True).stdout or "[]")


def main() -> None:
    projects = sys.argv[1:] or [p["projectId"] for p in gcloud("projects", "list")]
    now = dt.datetime.now(dt.timezone.utc)
    for pid in projects:
        pol = gcloud("projects", "get-iam-policy", pid)
        for b in pol.get("bindings", []):
            for m in b["members"]:
                if b["role"] in RISKY_ROLES or m in ("allUsers", "allAuthenticatedUsers"):
                    print(f"{pid}\t{b['role']}\t{m}")
        for sa in gcloud("iam", "service-accounts", "list", f"--project={pid}"):
            for k in gcloud("iam", "service-accounts", "keys", "list", f"--iam-account={sa['email']}", "--managed-by=user"):
                age = now - dt.datetime.fromisoformat(k["validAfterTime"].replace("Z", "+00:00"))
                if age.days > 90:
                    print(f"{pid}\told-key\t{sa['email']}\t{age.days}d")


if __name__ == "__main__":
    main()
