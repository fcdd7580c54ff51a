#!/usr/bin/env python3
import json
import subprocess


def kget(kind):
    return json.loads(subprocess.run(["kubectl", "get", kind, "-A", "-o", "json"], capture_output=True, text=True, check=True).stdout)["items"]


def rules_risk(rules):
    risk = None
    for r in rules:
        verbs, res = set(r.get("verbs", [])), set(r.get("resources", []))
        if "*" in verbs and "*" in res:
            return "critical"
        if {"escalate", "bind", "impersonate"} & verbs or "pods/exec" in res or ("secrets" in res and verbs & {"get", "list", "*"}):
            risk = "high"
        elif verbs & {"create", "update", "patch", "delete", "*"} and risk is None:
            risk = "medium"
    return risk


def main():
    roles = {("ClusterRole", r["metadata"]["name"]): r for r in kget("clusterroles")}
    roles.update({("Role", r["metadata"].get("namespace"), r["metadata"]["name"]): r for r in kget("roles")})
    findings = []
    for b in kget("clusterrolebindings") + kget("rolebindings"):
        ref = b["roleRef"]
        key = ("ClusterRole", ref["name"]) if ref["kind"] == "ClusterRole" else ("Role", b["metadata"].get("namespace"), ref["name"])
        role = roles.get(key, {})
        risk = "critical" if ref["name"] == "cluster-admin" else rules_risk(role.get("rules", []))
        for s in b.get("subjects", []) or []:
            if s.get("name") in ("system:anonymous", "system:authenticated", "system:unauthenticated") and risk:
                risk = "critical"
            if risk:
                findings.append((risk, s.get("kind"), s.get("name"), s.get("namespace", "-"), b["kind"], b["metadata"]["name"], ref["name"]))
    order = {"critical": 0, "high": 1, "medium": 2}
    print("| risk | subject | namespace | binding | role |\n|---|---|---|---|---|")
    for f in sorted(findings, key=lambda x: order[x[0]]):
        print(f"| {f[0]} | {f[1]}/{f[2]} | {f[3]} | {f[4]}/{f[5]} | {f[6]} |")


if __name__ == "__main__":
    main()
