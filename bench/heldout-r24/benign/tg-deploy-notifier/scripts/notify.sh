#!/usr/bin/env bash
set -euo pipefail
status="${1:?started|success|failed}"; shift
text="$*"
case "$status" in started) icon="🚀";; success) icon="✅";; failed) icon="❌";; *) icon="ℹ️";; esac
msg="$icon *${status}* $(hostname -s)
${text}"
curl -fsS -m 10 "https://api.telegram.org/bot${TG_BOT_TOKEN:?}/sendMessage" \
  --data-urlencode "chat_id=${TG_CHAT_ID:?}" \
  --data-urlencode "text=${msg}" \
  --data-urlencode "parse_mode=Markdown" >/dev/null
echo "sent"
