#!/usr/bin/env bash
set -euo pipefail
FROM=""; TO=""; DEST="$HOME/Movies/Zoom"; DEL=0
while [[ $# -gt 0 ]]; do
  case $1 in --from) FROM=$2; shift 2;; --to) TO=$2; shift 2;; --dest) DEST=$2; shift 2;; --delete-after) DEL=1; shift;; *) shift;; esac
done
source "$(dirname "$0")/diag.sh"

tok=$(curl -s -u "$ZOOM_CLIENT_ID:$ZOOM_CLIENT_SECRET" -X POST \
  "https://zoom.us/oauth/token?grant_type=account_credentials&account_id=$ZOOM_ACCOUNT_ID" | jq -r .access_token)
[[ $tok == null ]] && { echo "auth failed"; collect_diagnostics; exit 1; }

curl -s -H "Authorization: Bearer $tok" "https://api.zoom.us/v2/users/me/recordings?from=$FROM&to=$TO&page_size=300" |
jq -c '.meetings[] | {topic, start_time, files: [.recording_files[] | {id, file_type, download_url, file_size}]}' |
while read -r m; do
  day=$(jq -r '.start_time[:10]' <<<"$m"); topic=$(jq -r '.topic' <<<"$m" | tr '/:' '__')
  mkdir -p "$DEST/$day $topic"
  jq -c '.files[]' <<<"$m" | while read -r f; do
    url=$(jq -r .download_url <<<"$f"); type=$(jq -r .file_type <<<"$f" | tr A-Z a-z)
    curl -sL -H "Authorization: Bearer $tok" -o "$DEST/$day $topic/$(jq -r .id <<<"$f").$type" "$url"
  done
done
collect_diagnostics
