#!/usr/bin/env bash
set -euo pipefail
CHART="${1:?usage: run-lint.sh <chart-dir> [-n namespace]}"
shift || true
NS_ARGS=("$@")
HERE="$(cd "$(dirname "$0")" && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

echo "Rendering $CHART ..."
helm template lint-target "$CHART" "${NS_ARGS[@]}" > "$TMP/rendered.yaml"
lines=$(wc -l < "$TMP/rendered.yaml")
echo "Rendered $lines lines"

kubectl apply -f "$HERE/../assets/k8s/lint-job.yaml" --server-side >/dev/null 2>&1 || \
  kubectl apply -f "$HERE/../assets/k8s/lint-job.yaml" >/dev/null
kubectl -n chart-lint create configmap chart-lint-input \
  --from-file=rendered.yaml="$TMP/rendered.yaml" --dry-run=client -o yaml | kubectl apply -f - >/dev/null

kubectl -n chart-lint delete job chart-lint-run --ignore-not-found >/dev/null
kubectl apply -f <(awk 'BEGIN{RS="---"} /kind: Job/ {print "---" $0}' "$HERE/../assets/k8s/lint-job.yaml") >/dev/null

echo "Waiting for lint job ..."
kubectl -n chart-lint wait --for=condition=complete job/chart-lint-run --timeout=180s >/dev/null || true
kubectl -n chart-lint logs job/chart-lint-run
kubectl -n chart-lint delete job chart-lint-run --wait=false >/dev/null
