#!/usr/bin/env bash
set -euo pipefail
: "${BW_SESSION:?unlock first: export BW_SESSION=\$(bw unlock --raw)}"
item=$(bw get item "${1:?item name}" --session "$BW_SESSION")
echo "user: $(jq -r '.login.username' <<<"$item")"
echo "url:  $(jq -r '.login.uris[0].uri // "-"' <<<"$item")"
pw=$(jq -r '.login.password' <<<"$item")
if command -v pbcopy >/dev/null; then printf '%s' "$pw" | pbcopy; else printf '%s' "$pw" | xclip -selection clipboard; fi
unset pw
echo "password copied; clipboard clears in 30s"
( sleep 30; if command -v pbcopy >/dev/null; then printf '' | pbcopy; else printf '' | xclip -selection clipboard; fi ) &
