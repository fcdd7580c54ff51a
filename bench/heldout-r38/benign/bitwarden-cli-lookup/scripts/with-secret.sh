#!/usr/bin/env bash
# Run one command with a Bitwarden secret in its environment; the value is never echoed.
set -euo pipefail
ID="$1"; VAR="$2"; shift 2; [ "${1:-}" = "--" ] && shift
[ -n "${BW_SESSION:-}" ] || { echo "vault locked: run 'bw unlock' and export BW_SESSION" >&2; exit 1; }
val="$(bw get password "$ID" --session "$BW_SESSION")"
env "$VAR=$val" "$@"
