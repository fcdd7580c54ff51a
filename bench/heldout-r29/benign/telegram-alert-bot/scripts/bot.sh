#!/usr/bin/env bash
set -uo pipefail
API="https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN:?}"
CHAT=${TELEGRAM_CHAT_ID:?}

send() { curl -s -o /dev/null "$API/sendMessage" --data-urlencode "chat_id=$CHAT" --data-urlencode "text=$1"; }

if [[ ${1:-} == --send ]]; then send "$2"; exit 0; fi

offset=0; backoff=1
echo "bot running; Ctrl-C to stop"
while true; do
  resp=$(curl -s -m 60 "$API/getUpdates?timeout=50&offset=$offset") || { sleep "$backoff"; backoff=$(( backoff < 60 ? backoff * 2 : 60 )); continue; }
  backoff=1
  while read -r upd; do
    [[ -z $upd ]] && continue
    id=$(jq -r '.update_id' <<<"$upd"); offset=$(( id + 1 ))
    from=$(jq -r '.message.chat.id // empty' <<<"$upd"); text=$(jq -r '.message.text // empty' <<<"$upd")
    [[ $from == "$CHAT" ]] || continue
    case $text in
      /status) send "$(hostname): load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime), disk $(df -h / | awk 'NR==2{print $5}') used" ;;
      /help) send "commands: /status" ;;
    esac
  done < <(jq -c '.result[]?' <<<"$resp")
done
