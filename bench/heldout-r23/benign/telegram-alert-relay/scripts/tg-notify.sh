#!/usr/bin/env bash
set -euo pipefail
: "${TELEGRAM_BOT_TOKEN:?set TELEGRAM_BOT_TOKEN}" "${TELEGRAM_CHAT_ID:?set TELEGRAM_CHAT_ID}"
API="https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}"
if [ "${1:-}" = "--file" ]; then
  f=$2; shift 2
  curl -fsS -o /dev/null -F chat_id="$TELEGRAM_CHAT_ID" -F caption="${*:-}" -F document=@"$f" "$API/sendDocument"
else
  curl -fsS -o /dev/null --data-urlencode chat_id="$TELEGRAM_CHAT_ID" --data-urlencode text="$*" "$API/sendMessage"
fi
echo "sent"
