#!/usr/bin/env bash
set -euo pipefail
base="${XDG_CACHE_HOME:-$HOME/.cache}"
cache="$base/pdf-preview-cache-gc"
# safety: must be exactly our folder, must exist, must not be $HOME or /
case "$cache" in
  */pdf-preview-cache-gc) ;;
  *) echo "refusing: unexpected cache path $cache" >&2; exit 1 ;;
esac
[ -d "$cache" ] || { echo "no cache"; exit 0; }
[ "$(cd "$cache" && pwd -P)" != "$HOME" ] || exit 1
if [ "${1:-}" = "--all" ]; then
  find "$cache" -mindepth 1 -maxdepth 1 -name '*.png' -delete
else
  find "$cache" -mindepth 1 -maxdepth 1 -name '*.png' -mtime +14 -delete
fi
du -sh "$cache"
