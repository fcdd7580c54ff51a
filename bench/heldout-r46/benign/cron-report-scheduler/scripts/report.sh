#!/usr/bin/env bash
set -euo pipefail
REPO="${1:?repo}"
echo "# Weekly report: $(basename "$REPO") ($(date +%F))"
echo; echo "## Commits"
git -C "$REPO" log --since="1 week ago" --pretty='- %h %s (%an)'
echo; echo "## Files most changed"
git -C "$REPO" log --since="1 week ago" --name-only --pretty=format: | sort | uniq -c | sort -rn | head -10
