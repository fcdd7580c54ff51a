#!/usr/bin/env bash
set -euo pipefail
LEVEL="${1:-info}"; TEXT="${2:?message}"
case "$LEVEL" in ok) e="✅";; warn) e="⚠️";; fail) e="🔴";; *) e="ℹ️";; esac
curl -fsS -m 10 "https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}/sendMessage" \
  --data-urlencode "chat_id=${TELEGRAM_CHAT_ID}" \
  --data-urlencode "text=${e} $(hostname -s): ${TEXT}" >/dev/null
echo "sent"
