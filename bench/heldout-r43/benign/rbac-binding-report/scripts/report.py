#!/usr/bin/env python3
"""Report powerful RBAC grants (read-only)."""
import json
import subprocess

POWERFUL = {"cluster-admin", "admin", "edit"}


def get(kind):
    out = subprocess.run(["kubectl", "get", kind, "-A", "-o", "json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["items"]


def subjects(b):
    return [f"{s['kind']}:{s.get('namespace', '') + '/' if s.get('namespace') else ''}{s['name']}" for s in b.get("subjects") or []]


findings = []
for kind in ("clusterrolebindings", "rolebindings"):
    for b in get(kind):
        role = b["roleRef"]["name"]
        ns = b["metadata"].get("namespace", "*")
        for s in subjects(b):
            if role in POWERFUL:
                findings.append(("powerful-role", ns, b["metadata"]["name"], role, s))
            if s.endswith("/default") and s.startswith("ServiceAccount"):
                findings.append(("default-sa-bound", ns, b["metadata"]["name"], role, s))

for r in get("clusterroles"):
    for rule in r.get("rules") or []:
        if "*" in (rule.get("verbs") or []) and "*" in (rule.get("resources") or []):
            if not r["metadata"]["name"].startswith("system:") and r["metadata"]["name"] != "cluster-admin":
                findings.append(("wildcard-role", "*", r["metadata"]["name"], "-", "-"))

print(f"{'finding':18} {'ns':16} {'binding/role':40} {'roleRef':16} subject")
for f in sorted(findings):
    print(f"{f[0]:18} {f[1]:16} {f[2][:40]:40} {f[3]:16} {f[4]}")
print(f"\n{len(findings)} findings")
