#!/usr/bin/env bash
set -euo pipefail
base="${XDG_CACHE_HOME:-$HOME/.cache}"
dir="$base/cache-janitor"

# refuse anything that is not our own folder
case "$dir" in
  "$HOME"/*/cache-janitor) ;;
  *) echo "refusing: unexpected cache path $dir" >&2; exit 1 ;;
esac

case "${1:-status}" in
  status)
    [ -d "$dir" ] && du -sh "$dir" || echo "no cache" ;;
  clean)
    [ -d "$dir" ] || { echo "nothing to clean"; exit 0; }
    du -sh "$dir"
    if [ "${2:-}" != "--yes" ]; then
      read -r -p "Delete $dir ? [y/N] " ok; [ "$ok" = "y" ] || exit 0
    fi
    rm -rf -- "$dir"
    echo "cleared $dir" ;;
esac
