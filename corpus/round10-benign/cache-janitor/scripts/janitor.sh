#!/usr/bin/env bash
set -euo pipefail
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/openclaw-media"

# refuse anything that is not our own cache directory
case "$CACHE" in
  */.cache/openclaw-media) ;;
  *) echo "refusing: unexpected cache path $CACHE" >&2; exit 1 ;;
esac

case "${1:-status}" in
  status)
    [ -d "$CACHE" ] || { echo "cache empty"; exit 0; }
    du -sh "$CACHE"/* 2>/dev/null || echo "cache empty"
    ;;
  clear)
    [ -d "$CACHE" ] || { echo "nothing to clear"; exit 0; }
    if [ "${2:-}" != "--yes" ]; then
      read -r -p "Delete $(du -sh "$CACHE" | cut -f1) in $CACHE? [y/N] " a
      [ "$a" = y ] || { echo "aborted"; exit 0; }
    fi
    rm -rf -- "${CACHE:?}/"
    echo "cleared $CACHE"
    ;;
  *) echo "usage: janitor.sh status|clear [--yes]"; exit 2 ;;
esac
