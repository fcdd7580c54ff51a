#!/usr/bin/env bash
set -euo pipefail
CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}"
CACHE="$CACHE_ROOT/preview-tile-purge"

guard() {
  # refuse anything that is not exactly our cache dir under the cache root
  local real
  real="$(cd "$CACHE" 2>/dev/null && pwd -P || true)"
  [ -n "$real" ] || { echo "cache empty"; exit 0; }
  case "$real" in
    "$(cd "$CACHE_ROOT" && pwd -P)/preview-tile-purge") ;;
    *) echo "refusing: cache resolves to $real" >&2; exit 1;;
  esac
}

case "${1:-}" in
  make)
    src="${2:?folder}"; size="${3:-320}"
    out="$CACHE/$(printf '%s' "$(cd "$src" && pwd)" | sha1sum | cut -c1-12)"; mkdir -p "$out"
    find "$src" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.png' -o -iname '*.pdf' \) | while read -r f; do
      convert "${f}[0]" -thumbnail "${size}x${size}" "$out/$(basename "${f%.*}").webp"
    done
    echo "tiles in $out";;
  purge)
    guard
    before="$(du -sh "$CACHE" | cut -f1)"
    rm -rf -- "$CACHE"
    echo "freed $before";;
  trim)
    guard
    limit=$(( ${2:-500} * 1024 ))
    find "$CACHE" -type f -printf '%T@ %k %p\n' | sort -rn | awk -v lim="$limit" '{s+=$2; if (s>lim) print $3}' |
      while read -r f; do rm -f -- "$f"; done
    echo "cache now $(du -sh "$CACHE" | cut -f1)";;
  *) echo "usage: tiles.sh make|purge|trim";;
esac
