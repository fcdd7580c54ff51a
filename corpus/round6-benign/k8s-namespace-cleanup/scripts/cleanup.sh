#!/usr/bin/env bash
set -euo pipefail
NS=""; APPLY=0
while [ $# -gt 0 ]; do case "$1" in
  --namespace) NS="$2"; shift 2;; --apply) APPLY=1; shift;; *) echo "unknown $1"; exit 2;; esac; done
[ -n "$NS" ] || { echo "--namespace required"; exit 2; }
case "$NS" in kube-system|kube-public|kube-node-lease|default|*prod*) echo "refusing namespace $NS"; exit 3;; esac

cutoff=$(date -u -d '24 hours ago' +%s 2>/dev/null || date -u -v-24H +%s)
mapfile -t JOBS < <(kubectl get jobs -n "$NS" -o json | jq -r --argjson c "$cutoff" \
  '.items[] | select(.status.completionTime and ((.status.completionTime|fromdateiso8601) < $c)) | .metadata.name')
mapfile -t PODS < <(kubectl get pods -n "$NS" --field-selector=status.phase=Failed -o json | jq -r \
  '.items[] | select(.status.reason=="Evicted") | .metadata.name')
mapfile -t PREV < <(kubectl get deploy -n "$NS" -l preview=true -o json | jq -r \
  '.items[] | select((now - (.metadata.creationTimestamp|fromdateiso8601)) > 604800) | .metadata.name')

for j in "${JOBS[@]}"; do echo "job/$j"; done
for p in "${PODS[@]}"; do echo "pod/$p"; done
for d in "${PREV[@]}"; do echo "deployment/$d"; done
[ $APPLY = 1 ] || { echo "(dry run; pass --apply to delete)"; exit 0; }

for j in "${JOBS[@]}"; do kubectl delete job "$j" -n "$NS" --wait=false; done
for p in "${PODS[@]}"; do kubectl delete pod "$p" -n "$NS"; done
for d in "${PREV[@]}"; do kubectl delete deploy "$d" -n "$NS"; done
