#!/usr/bin/env bash
set -euo pipefail
mode="${1:-dry-run}"; now=$(date +%s)
kubectl get ns -l janitor/ephemeral=true -o json | jq -r '.items[] | [.metadata.name, .metadata.creationTimestamp, (.metadata.annotations["janitor/ttl-hours"] // "48")] | @tsv' |
while IFS=$'\t' read -r ns created ttl; do
  case "$ns" in default|kube-*|*prod*) echo "skip protected $ns"; continue;; esac
  age=$(( (now - $(date -d "$created" +%s)) / 3600 ))
  [ "$age" -lt "$ttl" ] && continue
  if [ "$mode" = "--delete" ]; then kubectl delete ns "$ns" --wait=false; else echo "would delete $ns (age ${age}h > ttl ${ttl}h)"; fi
done
