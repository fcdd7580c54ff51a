#!/usr/bin/env bash
set -euo pipefail
dir="${1:?log dir}"; days="${2:-30}"; apply="${3:-}"
[[ "$dir" == "/" || ! -e "$dir/access.log" ]] && { echo "refusing: $dir does not look like an nginx log dir"; exit 1; }
run() { if [[ "$apply" == "--apply" ]]; then "$@"; else echo "[dry-run] $*"; fi; }
find "$dir" -maxdepth 1 -name '*.log.*' ! -name '*.gz' -mtime +1 -print0 | while IFS= read -r -d '' f; do run gzip "$f"; done
find "$dir" -maxdepth 1 -name '*.gz' -mtime +"$days" -print0 | while IFS= read -r -d '' f; do run rm -f "$f"; done
