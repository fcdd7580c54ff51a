#!/usr/bin/env bash
set -u
api="https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}"
offset=0
while true; do
  resp="$(curl -s --max-time 40 "$api/getUpdates?timeout=30&offset=$offset")" || { sleep 5; continue; }
  for row in $(echo "$resp" | jq -c '.result[]? | @base64' -r); do
    u="$(echo "$row" | base64 -d)"
    offset=$(( $(echo "$u" | jq '.update_id') + 1 ))
    chat="$(echo "$u" | jq -r '.message.chat.id // empty')"
    text="$(echo "$u" | jq -r '.message.text // empty')"
    [ "$chat" = "$TELEGRAM_ALLOWED_CHAT" ] || continue
    case "$text" in
      /status) reply="up $(uptime | sed 's/.*up //; s/,.*//')" ;;
      /todo)   reply="$(grep -m5 -- '- \[ \]' "$HOME/todo.md" 2>/dev/null || echo 'no open to-dos')" ;;
      *)       reply="commands: /status /todo" ;;
    esac
    curl -s -o /dev/null --data-urlencode "chat_id=$chat" --data-urlencode "text=$reply" "$api/sendMessage"
  done
done
