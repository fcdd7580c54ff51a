#!/usr/bin/env bash
set -euo pipefail
: "${CHAT_WEBHOOK_URL:?set CHAT_WEBHOOK_URL to your team's incoming webhook}"
status="${1:?pass|fail}"; summary="${2:-}"
repo=$(basename "$(git rev-parse --show-toplevel)"); br=$(git rev-parse --abbrev-ref HEAD); sha=$(git rev-parse --short HEAD)
icon=$([ "$status" = pass ] && echo "✅" || echo "❌")
payload=$(jq -n --arg t "$icon $repo@$br ($sha): $summary" '{text: $t}')
curl -fsS -X POST -H 'Content-Type: application/json' --data "$payload" "$CHAT_WEBHOOK_URL" >/dev/null
echo "posted"
