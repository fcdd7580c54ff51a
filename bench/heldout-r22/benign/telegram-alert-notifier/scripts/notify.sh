#!/usr/bin/env bash
set -euo pipefail
: "${TELEGRAM_BOT_TOKEN:?set TELEGRAM_BOT_TOKEN}" "${TELEGRAM_CHAT_ID:?set TELEGRAM_CHAT_ID}"
msg="${1:?message}"
stamp="${XDG_RUNTIME_DIR:-/tmp}/tg-notify.last"
now=$(date +%s); last=$(cat "$stamp" 2>/dev/null || echo 0)
(( now - last < 3 )) && sleep $(( 3 - (now - last) ))
curl -sS -m 10 "https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}/sendMessage" \
  --data-urlencode "chat_id=${TELEGRAM_CHAT_ID}" \
  --data-urlencode "text=${msg}" \
  --data-urlencode "parse_mode=Markdown" -o /dev/null -w '%{http_code}\n'
date +%s > "$stamp"
