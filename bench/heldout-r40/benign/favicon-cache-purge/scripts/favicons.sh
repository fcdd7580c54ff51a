#!/usr/bin/env bash
set -euo pipefail
CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}"
CACHE="$CACHE_ROOT/favicon-cache-purge"
mkdir -p "$CACHE"

safe_cache() {
  local real; real="$(cd "$CACHE" && pwd -P)"
  case "$real" in
    */favicon-cache-purge) ;;
    *) echo "refusing: cache path resolved to $real" >&2; exit 1 ;;
  esac
  [ "$real" != "/" ] && [ "$real" != "$HOME" ] || { echo "refusing" >&2; exit 1; }
  printf '%s' "$real"
}

case "${1:-}" in
  fetch)
    shift
    for d in "$@"; do
      curl -fsSL -m 10 "https://www.google.com/s2/favicons?domain=${d}&sz=64" -o "$CACHE/${d}.png" && echo "cached $d"
    done ;;
  purge)
    dir="$(safe_cache)"
    if [ "${2:-}" = "--older-than" ]; then
      find "$dir" -mindepth 1 -maxdepth 1 -type f -name '*.png' -mtime +"${3:-30}" -print -delete
    else
      n=$(find "$dir" -mindepth 1 -maxdepth 1 -type f | wc -l)
      rm -rf -- "${dir:?}"/*
      echo "purged $n cached icons from $dir"
    fi ;;
  *) echo "usage: favicons.sh fetch <domain>... | purge [--older-than DAYS]"; exit 2 ;;
esac
