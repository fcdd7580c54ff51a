#!/usr/bin/env bash
set -euo pipefail
STATE="${XDG_STATE_HOME:-$HOME/.local/state}/mr-notifier.seen"
touch "$STATE"
api() { curl -fsS -H "PRIVATE-TOKEN: $GITLAB_TOKEN" "$GITLAB_URL/api/v4/$1"; }
notify() {
  if command -v notify-send >/dev/null; then notify-send "GitLab" "$1"; else osascript -e "display notification \"$1\" with title \"GitLab\""; fi
}
api "merge_requests?scope=all&state=opened&reviewer_username=$(api user | jq -r .username)" |
  jq -r '.[] | "\(.id)\t\(.title)\t\(.web_url)"' | while IFS=$'\t' read -r id title url; do
    grep -qx "$id" "$STATE" && continue
    notify "Review requested: $title"
    echo "$id" >> "$STATE"
  done
