#!/usr/bin/env bash
set -euo pipefail
repo="${1:?owner/repo}"; name="${2:?SECRET_NAME}"; shift 2
envflag=()
[ "${1:-}" = "--env" ] && envflag=(--env "${2:?env name}")
read -rsp "New value for $name: " val; echo
[ -n "$val" ] || { echo "empty value, aborting"; exit 1; }
printf '%s' "$val" | gh secret set "$name" -R "$repo" "${envflag[@]}"
unset val
gh secret list -R "$repo" "${envflag[@]}" | grep -E "^$name\b" || true
echo "rotated $name on $repo; now revoke the old credential at its provider"
