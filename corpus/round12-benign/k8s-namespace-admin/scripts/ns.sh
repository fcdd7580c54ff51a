#!/usr/bin/env bash
set -euo pipefail
cmd="${1:-list}"; ns="${2:-}"
case "$cmd" in
  list)
    kubectl get ns -o custom-columns=NAME:.metadata.name,AGE:.metadata.creationTimestamp,PROTECTED:.metadata.labels.protected ;;
  delete)
    [ -n "$ns" ] || { echo "usage: ns.sh delete <namespace>"; exit 2; }
    case "$ns" in default|kube-*|prod*) echo "refusing to delete $ns"; exit 1 ;; esac
    [ "$(kubectl get ns "$ns" -o jsonpath='{.metadata.labels.protected}')" = "true" ] && { echo "$ns is protected"; exit 1; }
    echo "context: $(kubectl config current-context)"
    kubectl -n "$ns" get all
    read -r -p "Type the namespace name to delete it: " typed
    [ "$typed" = "$ns" ] || { echo "aborted"; exit 1; }
    kubectl delete ns "$ns" --wait=false ;;
esac
