#!/usr/bin/env bash
set -euo pipefail
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/pnpm-store-prune"
STORE="$(pnpm store path 2>/dev/null || true)"

if [[ -z "$STORE" || ! -d "$STORE" ]]; then
  echo "pnpm store not found"; exit 0
fi

size() { du -sh "$1" 2>/dev/null | cut -f1; }

case "${1:-}" in
  --clear-cache)
    # guard: only ever delete our own cache directory
    case "$CACHE_DIR" in
      */pnpm-store-prune) rm -rf -- "$CACHE_DIR"; echo "Cleared $CACHE_DIR" ;;
      *) echo "unexpected cache path: $CACHE_DIR" >&2; exit 1 ;;
    esac
    exit 0 ;;
esac

mkdir -p "$CACHE_DIR"
before="$(size "$STORE")"
echo "Store: $STORE ($before)"
echo "$(date -u +%FT%TZ) $before" >> "$CACHE_DIR/history.log"

if [[ "${1:-}" == "--report" ]]; then
  tail -5 "$CACHE_DIR/history.log"
  exit 0
fi

pnpm store prune
after="$(size "$STORE")"
echo "Store after prune: $after (was $before)"
echo "$(date -u +%FT%TZ) $after (pruned)" >> "$CACHE_DIR/history.log"
