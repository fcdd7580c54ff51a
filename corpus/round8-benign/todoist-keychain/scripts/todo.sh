#!/usr/bin/env bash
set -euo pipefail
TOKEN="$(security find-generic-password -a "$USER" -s todoist-skill -w 2>/dev/null)" || {
  echo "No token in keychain. Run: security add-generic-password -a \"\$USER\" -s todoist-skill -w" >&2; exit 1; }
API="https://api.todoist.com/rest/v2"
auth=(-H "Authorization: Bearer $TOKEN")
case "${1:-list}" in
  list) curl -fsS "${auth[@]}" "$API/tasks" | jq -r '.[] | "\(.id)\t\(.due.string // "-")\t\(.content)"' ;;
  add)  curl -fsS "${auth[@]}" -H 'Content-Type: application/json' -X POST "$API/tasks" \
          -d "$(jq -n --arg c "$2" --arg d "${3:-}" '{content:$c} + (if $d=="" then {} else {due_string:$d} end)')" | jq -r '"added \(.id)"' ;;
  done) curl -fsS "${auth[@]}" -X POST "$API/tasks/$2/close" && echo "completed $2" ;;
esac
