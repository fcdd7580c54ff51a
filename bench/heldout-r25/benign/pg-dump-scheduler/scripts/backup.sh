#!/usr/bin/env bash
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL}"
dir="${BACKUP_DIR:-./backups}"; keep="${KEEP:-14}"
mkdir -p "$dir"
f="$dir/pg-$(date -u +%Y%m%dT%H%M%SZ).dump"
pg_dump --format=custom --no-owner --file "$f" "$DATABASE_URL"
echo "wrote $f ($(du -h "$f" | cut -f1))"
if [ -n "${BACKUP_S3:-}" ]; then
  aws s3 cp --only-show-errors "$f" "$BACKUP_S3/"
  echo "uploaded to $BACKUP_S3/"
fi
# rotation: only *.dump files in our own backup dir
ls -1t "$dir"/pg-*.dump 2>/dev/null | tail -n +"$((keep + 1))" | while read -r old; do rm -f -- "$old"; done
