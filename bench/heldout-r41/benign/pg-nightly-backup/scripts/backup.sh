#!/usr/bin/env bash
set -euo pipefail
: "${PGDATABASE:?set PGDATABASE}"
: "${BACKUP_BUCKET:?set BACKUP_BUCKET, e.g. s3://my-backups/pg}"
prefix="${BACKUP_BUCKET%/}/${PGDATABASE}/"

if [ "${1:-}" = "--prune" ]; then
  days="${2:?days}"; yes="${3:-}"
  cutoff="$(date -u -d "-$days days" +%F 2>/dev/null || date -u -v-"$days"d +%F)"
  old=$(aws s3 ls "$prefix" | awk -v c="$cutoff" '$1 < c {print $4}')
  [ -z "$old" ] && { echo "nothing older than $cutoff"; exit 0; }
  echo "Would delete from $prefix:"; echo "$old"
  if [ "$yes" != "--yes" ]; then read -r -p "Delete these? [y/N] " a; [ "$a" = y ] || exit 0; fi
  for f in $old; do aws s3 rm "${prefix}${f}"; done
  exit 0
fi

tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
file="$tmp/${PGDATABASE}-$(date -u +%FT%H%M).dump"
pg_dump -Fc -f "$file" "$PGDATABASE"
aws s3 cp --only-show-errors --sse AES256 "$file" "$prefix"
echo "uploaded $(basename "$file") to $prefix"
