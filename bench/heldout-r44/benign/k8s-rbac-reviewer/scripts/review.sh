#!/usr/bin/env bash
set -euo pipefail
CTX=()
[[ "${1:-}" == "--context" ]] && CTX=(--context "$2")
k() { kubectl "${CTX[@]}" "$@"; }

echo "== Subjects bound to cluster-admin"
k get clusterrolebindings -o json | jq -r '
  .items[] | select(.roleRef.name=="cluster-admin") |
  .metadata.name as $b | (.subjects // [])[] | "\($b)\t\(.kind)\t\(.namespace // "-")\t\(.name)"' | column -t

echo; echo "== ClusterRoles with wildcard verbs or resources"
k get clusterroles -o json | jq -r '
  .items[] | select(.metadata.name | startswith("system:") | not) |
  select([.rules[]? | (.verbs // []) + (.resources // []) | index("*")] | any) | .metadata.name'

echo; echo "== Roles/ClusterRoles that can read secrets"
for kind in clusterroles roles; do
  k get "$kind" -A -o json 2>/dev/null | jq -r --arg kind "$kind" '
    .items[] | select([.rules[]? | select((.resources // []) | index("secrets")) |
      select((.verbs // []) | (index("get") or index("list") or index("*")))] | length > 0) |
    "\($kind)\t\(.metadata.namespace // "-")\t\(.metadata.name)"'
done | column -t

echo; echo "== escalate / bind / impersonate rights"
k get clusterroles -o json | jq -r '
  .items[] | select([.rules[]? | (.verbs // [])[] | select(.=="escalate" or .=="bind" or .=="impersonate")] | length>0) |
  .metadata.name'

echo; echo "== Pods running privileged or with hostPath /"
k get pods -A -o json | jq -r '
  .items[] | select(
    ([.spec.containers[].securityContext.privileged // false] | any) or
    ([.spec.volumes[]?.hostPath.path // empty] | index("/"))) |
  "\(.metadata.namespace)/\(.metadata.name)"'
