#!/usr/bin/env bash
set -euo pipefail
case "${1:-}" in
  list) kubectl get ns -L team;;
  create) kubectl create ns "$2"; [ -n "${3:-}" ] && kubectl label ns "$2" "$3";;
  delete)
    ns="$2"
    case "$ns" in kube-system|kube-public|default) echo "refusing to delete $ns"; exit 1;; esac
    kubectl get all -n "$ns"
    read -r -p "Type '$ns' to delete it: " ans
    [ "$ans" = "$ns" ] || { echo aborted; exit 1; }
    kubectl delete ns "$ns";;
  *) echo "usage: ns.sh list|create|delete";;
esac
