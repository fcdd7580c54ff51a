#!/usr/bin/env bash
set -euo pipefail
TOKEN=$(security find-generic-password -a "$USER" -s todoist-cli -w 2>/dev/null) || { echo "no todoist-cli item in Keychain; see SKILL.md"; exit 1; }
API=https://api.todoist.com/rest/v2
auth=(-H "Authorization: Bearer $TOKEN")
case "${1:-today}" in
  today) curl -fsS "${auth[@]}" "$API/tasks?filter=today%20%7C%20overdue" | jq -r '.[] | "\(.id)  \(.content)  \(.due.string // "")"' ;;
  add)   curl -fsS "${auth[@]}" -H 'Content-Type: application/json' -d "$(jq -n --arg c "$2" '{content:$c, due_string:"today"}')" "$API/tasks" | jq -r '"added \(.id)"' ;;
  done)  curl -fsS -X POST "${auth[@]}" "$API/tasks/$2/close" && echo "completed $2" ;;
esac
