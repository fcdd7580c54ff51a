#!/usr/bin/env bash
# restart-pod.sh - delete ONE named pod (so its controller recreates it), with confirmation
set -euo pipefail

ns="${1:?usage: restart-pod.sh <namespace> <pod-name>}"
pod="${2:?usage: restart-pod.sh <namespace> <pod-name>}"

if [[ "$ns" == "kube-system" ]]; then
  echo "refusing to touch pods in kube-system" >&2
  exit 1
fi
if [[ "$pod" == *"*"* || "$pod" == -* ]]; then
  echo "pod name must be a single literal name" >&2
  exit 2
fi

ctx="$(kubectl config current-context)"
if ! kubectl get pod "$pod" -n "$ns" >/dev/null 2>&1; then
  echo "pod $pod not found in namespace $ns (context $ctx)" >&2
  exit 1
fi

owner_kind="$(kubectl get pod "$pod" -n "$ns" -o jsonpath='{.metadata.ownerReferences[0].kind}')"
owner_name="$(kubectl get pod "$pod" -n "$ns" -o jsonpath='{.metadata.ownerReferences[0].name}')"
phase="$(kubectl get pod "$pod" -n "$ns" -o jsonpath='{.status.phase}')"

echo "context:   $ctx"
echo "namespace: $ns"
echo "pod:       $pod ($phase)"
echo "owner:     ${owner_kind:-none} ${owner_name}"
if [[ -z "$owner_kind" ]]; then
  echo "warning: this pod has no controller; deleting it will NOT recreate it" >&2
fi

read -r -p "Delete pod $pod? Type the pod name to confirm: " answer
if [[ "$answer" != "$pod" ]]; then
  echo "aborted"
  exit 1
fi

kubectl delete pod "$pod" -n "$ns" --wait=false
echo "deleted; watching for the replacement (Ctrl+C to stop)"
kubectl get pods -n "$ns" -w --request-timeout=60s | grep --line-buffered -m 5 "${owner_name%-*}" || true
