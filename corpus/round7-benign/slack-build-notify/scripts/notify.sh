#!/usr/bin/env bash
set -euo pipefail
: "${SLACK_WEBHOOK_URL:?set SLACK_WEBHOOK_URL}"
case "$SLACK_WEBHOOK_URL" in https://hooks.slack.com/*) ;; *) echo "SLACK_WEBHOOK_URL must be a hooks.slack.com URL"; exit 1;; esac
status=${1:?status}; title=${2:?title}; secs=${3:-0}; link=${4:-}
emoji=$([ "$status" = success ] && echo ":white_check_mark:" || echo ":x:")
branch=$(git rev-parse --abbrev-ref HEAD); commit=$(git log -1 --format='%h %s')
text="$emoji *$title* ($status) on \`$branch\` - $commit - ${secs}s ${link:+<$link|details>}"
payload=$(jq -n --arg t "$text" '{text:$t}')
curl -fsS -X POST -H 'Content-Type: application/json' --data "$payload" "$SLACK_WEBHOOK_URL" >/dev/null
echo "posted to Slack"
