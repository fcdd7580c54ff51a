#!/usr/bin/env bash
set -u
API="https://api.telegram.org/bot$TELEGRAM_BOT_TOKEN"
off=0
while true; do
  r=$(curl -s --max-time 40 "$API/getUpdates?timeout=30&offset=$off") || { sleep 5; continue; }
  for row in $(echo "$r" | jq -c '.result[]'); do
    off=$(( $(echo "$row" | jq .update_id) + 1 ))
    chat=$(echo "$row" | jq .message.chat.id); txt=$(echo "$row" | jq -r .message.text)
    case "$txt" in
      /status) msg="ok";; /uptime) msg="$(uptime)";; *) continue;;
    esac
    curl -s "$API/sendMessage" -d chat_id="$chat" --data-urlencode text="$msg" >/dev/null
  done
done
