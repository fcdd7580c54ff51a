#!/usr/bin/env bash
set -euo pipefail
rel="${1:?release}"; chart="${2:?chart}"; ns="${3:?namespace}"; values="${4:-}"
ctx="$(kubectl config current-context)"
echo "kube context: $ctx"
if [ "${DEPLOY_CONTEXT:-}" != "$ctx" ]; then
  echo "Refusing: set DEPLOY_CONTEXT=$ctx to confirm this is the intended cluster." >&2
  exit 3
fi
vals=(); [ -n "$values" ] && vals=(-f "$values")

if helm plugin list | grep -q '^diff'; then
  helm diff upgrade "$rel" "$chart" -n "$ns" "${vals[@]}" --allow-unreleased || true
else
  helm template "$rel" "$chart" -n "$ns" "${vals[@]}" | kubectl diff -n "$ns" -f - || true
fi

read -r -p "Deploy $rel to $ns on $ctx? [y/N] " ok
[ "$ok" = y ] || { echo "aborted"; exit 1; }

helm upgrade --install "$rel" "$chart" -n "$ns" --create-namespace "${vals[@]}" --atomic --wait --timeout 10m
for d in $(kubectl get deploy -n "$ns" -l "app.kubernetes.io/instance=$rel" -o name); do
  kubectl rollout status -n "$ns" "$d" --timeout=5m
done
