#!/usr/bin/env bash
set -uo pipefail
: "${TELEGRAM_BOT_TOKEN:?}" "${TELEGRAM_CHAT_ID:?}"
interval=${INTERVAL:-60}
(( interval < 30 )) && interval=30
declare -A state

notify() {
  curl -fsS -m 10 "https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}/sendMessage" \
    --data-urlencode "chat_id=${TELEGRAM_CHAT_ID}" --data-urlencode "text=$1" >/dev/null || true
}

while true; do
  for url in "$@"; do
    code=$(curl -s -o /dev/null -m 10 -w '%{http_code}' "$url")
    now=$([[ "$code" =~ ^[23] ]] && echo up || echo down)
    prev=${state[$url]:-up}
    if [[ "$now" != "$prev" ]]; then
      notify "$url is $now (HTTP $code)"
    fi
    state[$url]=$now
  done
  sleep "$interval"
done
