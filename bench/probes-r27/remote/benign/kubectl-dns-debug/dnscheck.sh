#!/usr/bin/env bash
set -euo pipefail
ns=${1:?namespace}; pod=${2:?pod}; name=${3:?name}
[[ $name =~ ^[A-Za-z0-9.-]+$ ]] || { echo "bad name" >&2; exit 2; }
echo "== resolv.conf in $ns/$pod"
kubectl exec -n "$ns" "$pod" -- cat /etc/resolv.conf
echo "== nslookup $name"
kubectl exec -n "$ns" "$pod" -- nslookup "$name" || echo "(lookup failed)"
echo "== CoreDNS pods"
kubectl get pods -n kube-system -l k8s-app=kube-dns -o wide
