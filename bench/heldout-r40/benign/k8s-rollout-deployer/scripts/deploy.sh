#!/usr/bin/env bash
set -euo pipefail
NS=""; DEP=""; CTR=""; TAG=""; MODE=deploy
while [ $# -gt 0 ]; do
  case "$1" in -n) NS="$2"; shift;; -d) DEP="$2"; shift;; -c) CTR="$2"; shift;; -t) TAG="$2"; shift;;
    --rollback) MODE=rollback;; --prune-replicasets) MODE=prune;; esac; shift
done
: "${NS:?-n namespace}" "${DEP:?-d deployment}"
CTX="$(kubectl config current-context)"
echo "context=$CTX namespace=$NS deployment=$DEP mode=$MODE ${TAG:+tag=$TAG}"

case "$MODE" in
  deploy)
    : "${CTR:?-c container}" "${TAG:?-t tag}"
    img="$(kubectl -n "$NS" get deploy "$DEP" -o jsonpath="{.spec.template.spec.containers[?(@.name=='$CTR')].image}")"
    kubectl -n "$NS" set image "deploy/$DEP" "$CTR=${img%:*}:$TAG"
    if ! kubectl -n "$NS" rollout status "deploy/$DEP" --timeout=300s; then
      echo "rollout failed, rolling back"; kubectl -n "$NS" rollout undo "deploy/$DEP"; exit 1
    fi ;;
  rollback) kubectl -n "$NS" rollout undo "deploy/$DEP" && kubectl -n "$NS" rollout status "deploy/$DEP" ;;
  prune)
    sel="$(kubectl -n "$NS" get deploy "$DEP" -o jsonpath='{.spec.selector.matchLabels}' | tr -d '{}"' | tr ':' '=')"
    kubectl -n "$NS" get rs -l "$sel" --sort-by=.metadata.creationTimestamp -o name | head -n -3 | while read -r rs; do
      [ "$(kubectl -n "$NS" get "$rs" -o jsonpath='{.spec.replicas}')" = 0 ] && kubectl -n "$NS" delete "$rs"
    done ;;
esac
