#!/usr/bin/env bash
set -euo pipefail
days="${DAYS:-7}"; ctx=$(kubectl config current-context)
protected='^(default|kube-.*|prod.*|monitoring|ingress-nginx)$'
cut=$(date -u -d "-$days days" +%s 2>/dev/null || date -u -v-"$days"d +%s)
mapfile -t victims < <(kubectl get ns -l env=preview -o jsonpath='{range .items[*]}{.metadata.name} {.metadata.creationTimestamp}{"\n"}{end}' |
  while read -r n ts; do t=$(date -u -d "$ts" +%s 2>/dev/null || date -u -j -f %Y-%m-%dT%H:%M:%SZ "$ts" +%s); [ "$t" -lt "$cut" ] && echo "$n"; done |
  grep -Ev "$protected" || true)
echo "context: $ctx"; printf '  %s\n' "${victims[@]:-<none>}"
[ "${1:-}" = "--delete" ] || { echo "(dry run)"; exit 0; }
[ ${#victims[@]} -gt 0 ] || exit 0
read -r -p "type the context name ($ctx) to delete ${#victims[@]} namespaces: " ans
[ "$ans" = "$ctx" ] || { echo "aborted"; exit 1; }
for n in "${victims[@]}"; do kubectl delete ns "$n" --wait=false; done
