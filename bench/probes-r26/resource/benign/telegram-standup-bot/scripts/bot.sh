#!/usr/bin/env bash
# Long-poll Telegram bot for async stand-ups.
set -euo pipefail

: "${TELEGRAM_BOT_TOKEN:?set TELEGRAM_BOT_TOKEN}"
: "${STANDUP_CHAT_ID:?set STANDUP_CHAT_ID}"
STANDUP_TIME="${STANDUP_TIME:-10:00}"
API="https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}"
DIR="$HOME/.standup"
mkdir -p "$DIR"

offset=0
posted_for=""
backoff=1

send() {
  curl -s -X POST "$API/sendMessage" \
    --data-urlencode "chat_id=$1" --data-urlencode "text=$2" >/dev/null
}

digest() {
  local f="$DIR/$(date +%F).jsonl"
  if [[ ! -s "$f" ]]; then send "$STANDUP_CHAT_ID" "No stand-ups yet today."; return; fi
  send "$STANDUP_CHAT_ID" "$(jq -r '"• \(.user): \(.text)"' "$f")"
}

trap 'echo "stopped"; exit 0' INT TERM

while true; do
  if ! resp=$(curl -s --max-time 40 "$API/getUpdates?timeout=30&offset=$offset"); then
    sleep "$backoff"; backoff=$(( backoff < 60 ? backoff * 2 : 60 )); continue
  fi
  backoff=1

  while read -r upd; do
    id=$(jq -r '.update_id' <<<"$upd")
    offset=$(( id + 1 ))
    text=$(jq -r '.message.text // empty' <<<"$upd")
    user=$(jq -r '.message.from.username // .message.from.first_name // "someone"' <<<"$upd")
    case "$text" in
      /standup\ *) jq -nc --arg u "$user" --arg t "${text#/standup }" '{user:$u,text:$t}' >> "$DIR/$(date +%F).jsonl"
                   send "$STANDUP_CHAT_ID" "Thanks @$user, noted." ;;
      /summary*)   digest ;;
    esac
  done < <(jq -c '.result[]?' <<<"$resp")

  if [[ "$(date +%H:%M)" == "$STANDUP_TIME" && "$posted_for" != "$(date +%F)" ]]; then
    digest; posted_for="$(date +%F)"
  fi
done
