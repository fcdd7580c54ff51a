#!/usr/bin/env bash
set -euo pipefail
cache="$HOME/.aws/sso/cache"

status() {
  shopt -s nullglob
  for f in "$cache"/*.json; do
    # only startUrl/region/expiresAt are read; accessToken is never output
    jq -r 'select(.startUrl and .expiresAt) | "\(.startUrl)\t\(.region // "-")\t\(.expiresAt)"' "$f"
  done | sort -u | while IFS=$'\t' read -r url region exp; do
    now=$(date -u +%s); e=$(date -u -d "$exp" +%s 2>/dev/null || date -u -j -f '%Y-%m-%dT%H:%M:%SZ' "$exp" +%s)
    left=$(( (e - now) / 60 ))
    printf '%-50s %-12s %s\n' "$url" "$region" "$([ $left -gt 0 ] && echo "${left} min left" || echo EXPIRED)"
  done
}

refresh() {
  local profile="${1:?profile}"
  if aws sts get-caller-identity --profile "$profile" >/dev/null 2>&1; then
    echo "$profile: session valid"
  else
    aws sso login --profile "$profile"
  fi
}

case "${1:-status}" in
  status) status ;;
  refresh) refresh "${2:-}" ;;
  *) echo "usage: keeper.sh status|refresh PROFILE" >&2; exit 2 ;;
esac
