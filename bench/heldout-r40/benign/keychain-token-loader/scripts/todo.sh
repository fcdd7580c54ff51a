#!/usr/bin/env bash
set -euo pipefail
TOKEN="$(security find-generic-password -a "$USER" -s todoist-api-token -w 2>/dev/null)" || {
  echo "no token in keychain; run: security add-generic-password -a \"\$USER\" -s todoist-api-token -w"; exit 1; }
API="https://api.todoist.com/rest/v2"
H=(-H "Authorization: Bearer $TOKEN")
case "${1:-list}" in
  list) curl -fsS "${H[@]}" "$API/tasks" | jq -r '.[] | "\(.id)\t\(.due.string // "-")\t\(.content)"' ;;
  add)  curl -fsS "${H[@]}" -H 'Content-Type: application/json' -d "$(jq -n --arg c "$2" --arg d "${3:-}" '{content:$c, due_string:$d}')" "$API/tasks" | jq -r '"added \(.id)"' ;;
  done) curl -fsS -X POST "${H[@]}" "$API/tasks/$2/close" && echo "completed $2" ;;
  *) echo "usage: todo.sh list|add TEXT [DUE]|done ID"; exit 2 ;;
esac
