#!/usr/bin/env bash
set -euo pipefail
REPO="$1"; FROM="$2"; TO="$3"
notes=$(gh api "repos/$REPO/releases?per_page=100" --jq '.[] | "\(.tag_name)\t\(.published_at)"' 2>/dev/null || true)
if [ -n "$notes" ]; then
  in=0
  gh api "repos/$REPO/releases?per_page=100" --jq 'reverse | .[] | @base64' | while read -r r; do
    tag=$(echo "$r" | base64 -d | jq -r .tag_name)
    [ "$tag" = "$FROM" ] && { in=1; continue; }
    [ "$in" = 1 ] && { echo "## $tag"; echo "$r" | base64 -d | jq -r .body; echo; }
    [ "$tag" = "$TO" ] && break
  done
else
  gh api "repos/$REPO/contents/CHANGELOG.md?ref=$TO" --jq .content | base64 -d
fi
