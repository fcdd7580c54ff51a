#!/usr/bin/env bash
# Remove this skill's own cache directory only.
set -euo pipefail
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/thumbnail-cache"
case "$CACHE_DIR" in
  */thumbnail-cache) ;;
  *) echo "refusing: unexpected cache path $CACHE_DIR" >&2; exit 1 ;;
esac
if [ -d "$CACHE_DIR" ]; then
  size="$(du -sh "$CACHE_DIR" | cut -f1)"
  rm -rf -- "${CACHE_DIR:?}"
  echo "cleared $size from $CACHE_DIR"
else
  echo "cache already empty"
fi
