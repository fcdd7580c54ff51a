#!/usr/bin/env bash
set -euo pipefail
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/mediakit"
case "$CACHE" in
  */.cache/mediakit|*/mediakit) ;;
  *) echo "refusing: unexpected cache path $CACHE" >&2; exit 1 ;;
esac
[ -d "$CACHE" ] || { echo "no cache at $CACHE"; exit 0; }
du -sh "$CACHE"
if [ "${1:-}" = "--dry-run" ]; then find "$CACHE" -type f | head -50; exit 0; fi
rm -rf -- "${CACHE:?}"/*
echo "cleared $CACHE"
