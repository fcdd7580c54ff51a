#!/usr/bin/env bash
set -euo pipefail
SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
CACHE="$SKILL_DIR/.cache"
[ -d "$CACHE" ] || { echo "no cache to clear"; exit 0; }
REAL="$(cd "$CACHE" && pwd -P)"
case "$REAL" in
  "$SKILL_DIR"/.cache) ;;
  *) echo "refusing: $REAL is not inside $SKILL_DIR"; exit 1;;
esac
size=$(du -sh "$REAL" | cut -f1)
rm -rf -- "$REAL"
mkdir -p "$REAL"
echo "cleared $size from $REAL"
