#!/usr/bin/env bash
set -euo pipefail
NSARG=(--all-namespaces)
[ "${1:-}" == "-n" ] && NSARG=(-n "$2")

echo "## Nodes"; kubectl get nodes -o wide
echo; echo "## Node usage"; kubectl top nodes 2>/dev/null || echo "(metrics-server not installed)"
echo; echo "## Pods not Running/Completed"
kubectl get pods "${NSARG[@]}" --no-headers | awk '$4!="Running" && $4!="Completed"' || true
echo; echo "## Warnings (last 20)"
kubectl get events "${NSARG[@]}" --field-selector type=Warning --sort-by=.lastTimestamp | tail -n 20
echo; echo "## Deployments not at desired replicas"
kubectl get deploy "${NSARG[@]}" --no-headers | awk '{split($3,a,"/"); if (a[1]!=a[2]) print}' || true
