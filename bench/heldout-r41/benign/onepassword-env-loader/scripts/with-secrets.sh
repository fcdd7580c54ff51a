#!/usr/bin/env bash
set -euo pipefail
envfile="${OP_ENV_FILE:-.env.op}"
[ -f "$envfile" ] || { echo "missing $envfile" >&2; exit 1; }
if [ "${1:-}" = "--check" ]; then
  # prints only names and whether they resolved; values never leave op
  op run --env-file="$envfile" -- sh -c '
    for v in $(grep -oE "^[A-Z_][A-Z0-9_]*" "'"$envfile"'"); do
      eval "val=\${$v:-}"; [ -n "$val" ] && echo "$v: resolved" || echo "$v: MISSING"
    done'
  exit 0
fi
exec op run --env-file="$envfile" -- "$@"
