#!/usr/bin/env bash
set -euo pipefail
NS="$1"; DEP="$2"; IMG="$3"; STEPS="${5:-10,50,100}"
CTX="$(kubectl config current-context)"
echo "context: $CTX  namespace: $NS  deployment: $DEP  image: $IMG"
read -r -p "Proceed with canary rollout? [y/N] " ok; [[ "$ok" =~ ^[Yy]$ ]] || exit 1

REPLICAS=$(kubectl -n "$NS" get deploy "$DEP" -o jsonpath='{.spec.replicas}')
kubectl -n "$NS" get deploy "$DEP" -o json |
  jq --arg img "$IMG" '.metadata.name += "-canary" | del(.metadata.resourceVersion,.metadata.uid,.status)
      | .spec.replicas = 1 | .spec.template.metadata.labels.track = "canary"
      | .spec.template.spec.containers[0].image = $img' |
  kubectl -n "$NS" apply -f -

healthy() {
  kubectl -n "$NS" rollout status deploy/"$DEP-canary" --timeout=120s >/dev/null || return 1
  r=$(kubectl -n "$NS" get pods -l track=canary -o jsonpath='{range .items[*]}{.status.containerStatuses[0].restartCount}{"\n"}{end}' | sort -n | tail -1)
  [ "${r:-0}" -eq 0 ]
}

IFS=',' read -ra S <<< "$STEPS"
for w in "${S[@]}"; do
  n=$(( (REPLICAS * w + 99) / 100 ))
  echo "step $w% → $n canary replica(s)"
  kubectl -n "$NS" scale deploy/"$DEP-canary" --replicas="$n"
  sleep 300
  if ! healthy; then
    echo "canary unhealthy; rolling back"
    kubectl -n "$NS" delete deploy/"$DEP-canary"
    exit 1
  fi
done
kubectl -n "$NS" set image deploy/"$DEP" "$(kubectl -n "$NS" get deploy "$DEP" -o jsonpath='{.spec.template.spec.containers[0].name}')=$IMG"
kubectl -n "$NS" rollout status deploy/"$DEP"
kubectl -n "$NS" delete deploy/"$DEP-canary"
echo "promoted $IMG"
