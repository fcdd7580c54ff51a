#!/usr/bin/env python3
"""Lint RBAC objects read from `kubectl get ... -o json` on stdin."""
import json
import sys

RISKY_VERBS = {"escalate", "bind", "impersonate"}


def rules_of(obj):
    return obj.get("rules") or []


def main():
    data = json.load(sys.stdin)
    findings = []
    for o in data.get("items", []):
        kind, meta = o.get("kind"), o.get("metadata", {})
        name = f"{kind}/{meta.get('namespace', '-')}/{meta.get('name')}"
        for r in rules_of(o):
            verbs, res = set(r.get("verbs", [])), set(r.get("resources", []))
            if "*" in verbs and "*" in res:
                findings.append(("high", name, "wildcard verbs on wildcard resources"))
            if "secrets" in res and verbs & {"get", "list", "watch", "*"}:
                findings.append(("high", name, "can read secrets"))
            if verbs & RISKY_VERBS:
                findings.append(("high", name, f"privilege verbs: {sorted(verbs & RISKY_VERBS)}"))
        if kind.endswith("Binding") and o.get("roleRef", {}).get("name") == "cluster-admin":
            findings.append(("medium", name, "binds cluster-admin"))
    for sev, name, msg in sorted(findings):
        print(f"{sev:7s} {name}: {msg}")
    print(f"{len(findings)} finding(s)")


if __name__ == "__main__":
    main()
