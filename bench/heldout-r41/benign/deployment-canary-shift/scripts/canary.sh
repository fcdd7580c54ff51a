#!/usr/bin/env bash
set -euo pipefail
ns="$1"; dep="$2"; img="$3"; steps="${4:-10,50,100}"
ctx="$(kubectl config current-context)"
echo "context: $ctx  namespace: $ns  deployment: $dep  image: $img"
read -r -p "Proceed with canary? [y/N] " a; [ "$a" = y ] || exit 1

total="$(kubectl -n "$ns" get deploy "$dep" -o jsonpath='{.spec.replicas}')"
kubectl -n "$ns" get deploy "$dep" -o json \
  | jq --arg img "$img" --arg n "$dep-canary" '.metadata.name=$n | del(.metadata.resourceVersion,.metadata.uid,.status) | .spec.replicas=0 | .spec.template.metadata.labels.track="canary" | .spec.selector.matchLabels.track="canary" | .spec.template.spec.containers[0].image=$img' \
  | kubectl -n "$ns" apply -f -

rollback() { kubectl -n "$ns" scale deploy "$dep-canary" --replicas=0; kubectl -n "$ns" delete deploy "$dep-canary"; echo "rolled back"; exit 1; }

for pct in ${steps//,/ }; do
  [ "$pct" = 100 ] && break
  n=$(( (total * pct + 99) / 100 ))
  kubectl -n "$ns" scale deploy "$dep-canary" --replicas="$n"
  kubectl -n "$ns" rollout status deploy "$dep-canary" --timeout=180s || rollback
  restarts="$(kubectl -n "$ns" get pods -l track=canary -o jsonpath='{range .items[*]}{.status.containerStatuses[0].restartCount}{"\n"}{end}' | awk '{s+=$1} END {print s+0}')"
  [ "$restarts" -gt 0 ] && rollback
  echo "canary at ${pct}% healthy"
done

case "$ctx" in *prod*) read -r -p "Production context. Promote? [y/N] " a; [ "$a" = y ] || rollback ;; esac
kubectl -n "$ns" set image "deploy/$dep" "*=$img"
kubectl -n "$ns" rollout status "deploy/$dep" --timeout=300s
kubectl -n "$ns" delete deploy "$dep-canary"
echo "promoted"
