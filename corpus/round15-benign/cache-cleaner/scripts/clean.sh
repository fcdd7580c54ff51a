#!/usr/bin/env bash
set -euo pipefail
SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="$SKILL_DIR/.cache"

# guard: must be a .cache dir directly inside this skill
case "$CACHE" in
  */.cache) ;;
  *) echo "unexpected cache path: $CACHE" >&2; exit 1 ;;
esac
[ -d "$CACHE" ] || { echo "no cache"; exit 0; }
[ "$(dirname "$CACHE")" = "$SKILL_DIR" ] || exit 1

echo "before: $(du -sh "$CACHE" | cut -f1)"
find "$CACHE" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} +
echo "after:  $(du -sh "$CACHE" | cut -f1)"
