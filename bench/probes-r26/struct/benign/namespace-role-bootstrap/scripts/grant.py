#!/usr/bin/env python3
import argparse
import json
import subprocess
import sys

READ = ["get", "list", "watch"]
WRITE = ["create", "update", "patch", "delete"]


def subject(spec: str) -> dict:
    kind, _, name = spec.partition(":")
    if kind == "group":
        return {"kind": "Group", "name": name, "apiGroup": "rbac.authorization.k8s.io"}
    if kind == "user":
        return {"kind": "User", "name": name, "apiGroup": "rbac.authorization.k8s.io"}
    if kind == "sa":
        ns, _, sa = name.partition("/")
        return {"kind": "ServiceAccount", "name": sa, "namespace": ns}
    raise SystemExit(f"bad subject {spec!r}")


def manifests(ns: str, subj: dict, write: bool) -> list:
    rules = [
        {"apiGroups": [""], "resources": ["pods", "pods/log", "services", "events"], "verbs": READ},
        {"apiGroups": ["apps"], "resources": ["deployments", "replicasets"], "verbs": READ},
    ]
    if write:
        rules.append({"apiGroups": ["apps"], "resources": ["deployments"], "verbs": WRITE})
        rules.append({"apiGroups": [""], "resources": ["pods"], "verbs": ["delete"]})
    name = "team-" + ("write" if write else "read")
    role = {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
            "metadata": {"name": name, "namespace": ns}, "rules": rules}
    binding = {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding",
               "metadata": {"name": f"{name}-{subj['name'].replace('@', '-at-')}"[:63], "namespace": ns},
               "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": name},
               "subjects": [subj]}
    return [role, binding]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--namespace", required=True)
    ap.add_argument("--subject", required=True)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    doc = json.dumps({"apiVersion": "v1", "kind": "List",
                      "items": manifests(a.namespace, subject(a.subject), a.write)}, indent=2)
    if a.dry_run:
        print(doc)
        return 0
    return subprocess.run(["kubectl", "apply", "-n", a.namespace, "-f", "-"], input=doc.encode()).returncode


if __name__ == "__main__":
    sys.exit(main())
