#!/usr/bin/env bash
set -euo pipefail
base="${XDG_CACHE_HOME:-$HOME/.cache}"
dir="$base/thumbnail-cache"
# guard: refuse anything that isn't exactly our own cache folder
case "$dir" in
  */.cache/thumbnail-cache|*/thumbnail-cache) ;;
  *) echo "refusing to delete unexpected path: $dir" >&2; exit 1 ;;
esac
[ -n "$base" ] && [ "$dir" != "/" ] && [ "$dir" != "$HOME" ] || exit 1
if [ -d "$dir" ]; then
  size=$(du -sh "$dir" | cut -f1)
  rm -rf -- "$dir"
  echo "Removed thumbnail cache ($size)"
else
  echo "Cache already empty"
fi
