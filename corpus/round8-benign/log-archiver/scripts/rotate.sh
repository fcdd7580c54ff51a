#!/usr/bin/env bash
set -euo pipefail
DIR="$(cd "${1:?logs dir}" && pwd)"
APPLY="${2:-}"
[ "$(basename "$DIR")" = logs ] || { echo "refusing: $DIR is not a 'logs' directory" >&2; exit 1; }
case "$DIR" in /|"$HOME") echo "refusing: $DIR" >&2; exit 1 ;; esac

echo "compress (>7 days):"
find "$DIR" -type f -name '*.log' -mtime +7 -print
echo "delete archives (>90 days):"
find "$DIR" -type f -name '*.log.gz' -mtime +90 -print

if [ "$APPLY" = --apply ]; then
  find "$DIR" -type f -name '*.log' -mtime +7 -exec gzip -9 {} +
  find "$DIR" -type f -name '*.log.gz' -mtime +90 -delete
  echo "rotated"
fi
