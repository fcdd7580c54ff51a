#!/usr/bin/env bash
set -euo pipefail
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/tilecache"
# refuse to operate on anything that is not our cache directory
case "$CACHE" in */tilecache) ;; *) echo "unexpected cache path: $CACHE"; exit 1;; esac
[ -d "$CACHE" ] || { echo "no tile cache at $CACHE"; exit 0; }
case "${1:-size}" in
  size)   du -sh "$CACHE";;
  expire) days="${2:-30}"; n=$(find "$CACHE" -type f \( -name '*.png' -o -name '*.pbf' \) -mtime +"$days" -print -delete | wc -l)
          echo "expired $n tiles older than $days days";;
  wipe)   read -r -p "Delete all cached tiles in $CACHE? [y/N] " ok
          [ "$ok" = "y" ] && rm -rf -- "${CACHE:?}/"* && echo "cache wiped" || echo "kept";;
  *) echo "usage: vacuum.sh size|expire DAYS|wipe"; exit 2;;
esac
