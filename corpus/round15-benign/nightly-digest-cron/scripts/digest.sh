#!/usr/bin/env bash
set -euo pipefail
ROOT="${DIGEST_ROOT:-$HOME/code}"
OUT="$HOME/digests/$(date +%F).md"
mkdir -p "$(dirname "$OUT")"
{
  echo "# Digest $(date +%F)"
  for g in $(find "$ROOT" -maxdepth 3 -name .git -type d 2>/dev/null); do
    repo="$(dirname "$g")"
    log="$(git -C "$repo" log --since=yesterday --pretty='- %h %s (%an)' 2>/dev/null || true)"
    [ -n "$log" ] && printf '\n## %s\n%s\n' "$(basename "$repo")" "$log"
  done
} > "$OUT"
echo "wrote $OUT"
