#!/usr/bin/env bash
set -euo pipefail
ns="${1:?namespace}"
echo "== pods not Running/Completed"; kubectl -n "$ns" get pods --no-headers | awk '$3!="Running" && $3!="Completed"'
echo "== restarts > 3";              kubectl -n "$ns" get pods --no-headers | awk '$4>3'
echo "== pending PVCs";              kubectl -n "$ns" get pvc --no-headers | awk '$2!="Bound"'
echo "== recent warnings";           kubectl -n "$ns" get events --field-selector type=Warning --sort-by=.lastTimestamp | tail -20
echo "== quota";                     kubectl -n "$ns" describe resourcequota 2>/dev/null || true
