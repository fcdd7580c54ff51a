#!/usr/bin/env bash
set -euo pipefail
: "${REDIS_URL:?set REDIS_URL}"
mode=report; [[ "${1:-}" == "--fix" ]] && mode=fix
LUA="$(dirname "$0")/../lua/audit.lua"
# script replication keeps replicas consistent with the primary
redis-cli -u "$REDIS_URL" --no-auth-warning --eval "$LUA" , "$mode" 2000 | \
  awk -F'\t' 'BEGIN{printf "%-24s %10s\n","prefix","no-ttl"} {printf "%-24s %10s\n",$1,$2}'
