#!/usr/bin/env bash
set -euo pipefail
REL="$1"; CHART="$2"; NS="$3"; VALUES="${4:-values.yaml}"
ctx=$(kubectl config current-context)
echo "Context: $ctx  Namespace: $NS  Release: $REL"
if helm plugin list | grep -q '^diff'; then
  helm diff upgrade "$REL" "$CHART" -n "$NS" -f "$VALUES" --allow-unreleased || true
else
  helm template "$REL" "$CHART" -n "$NS" -f "$VALUES" | kubectl diff -n "$NS" -f - || true
fi
read -r -p "Deploy to $ctx/$NS? [y/N] " ok; [ "$ok" = "y" ] || { echo "aborted"; exit 1; }
helm upgrade --install "$REL" "$CHART" -n "$NS" --create-namespace -f "$VALUES" --atomic --timeout 10m
kubectl -n "$NS" rollout status deploy -l "app.kubernetes.io/instance=$REL" --timeout=5m
