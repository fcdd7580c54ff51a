#!/usr/bin/env bash
set -euo pipefail
SINCE="7 days ago"
[[ "${1:-}" == "--since" ]] && SINCE="$2"
echo "# Digest since $SINCE"
for t in feat fix perf refactor docs chore; do
  lines=$(git log --since="$SINCE" --pretty='- %s (%an)' | grep -E "^- $t(\(|:)" || true)
  [[ -n "$lines" ]] && printf '\n## %s\n%s\n' "$t" "$lines"
done
echo
echo "## Authors"
git shortlog -sn --since="$SINCE" | sed 's/^/- /'
