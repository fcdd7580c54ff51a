#!/usr/bin/env bash
set -euo pipefail
ROOT="${1:-$HOME/code}"
ME="$(git config --global user.email)"
msg=""
for repo in "$ROOT"/*/; do
  [ -d "$repo/.git" ] || continue
  lines=$(git -C "$repo" log --since="24 hours ago" --author="$ME" --pretty='• %s' 2>/dev/null || true)
  [ -n "$lines" ] && msg+="*$(basename "$repo")*\n$lines\n"
done
[ -z "$msg" ] && msg="No commits in the last 24h."
payload=$(jq -n --arg t "Stand-up $(date +%A): \n$msg" '{text: $t}')
curl -fsS -X POST -H 'Content-Type: application/json' -d "$payload" "$SLACK_WEBHOOK_URL"
echo "$(date -Is) posted"
