#!/usr/bin/env bash
set -euo pipefail
DB="${PGDATABASE:-${1:-postgres}}"
DEST="${PGDUMP_DEST:-$HOME/backups/postgres}"
KEEP="${PGDUMP_KEEP:-14}"
mkdir -p "$DEST"
f="$DEST/$DB-$(date +%Y%m%d-%H%M%S).dump"
pg_dump -Fc -d "$DB" -f "$f"
echo "wrote $f ($(du -h "$f" | cut -f1))"

# rotation: only our own files in our own folder
ls -1t "$DEST"/"$DB"-*.dump 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
  rm -f -- "$old" && echo "rotated out $old"
done

if [ -n "${PGDUMP_S3_URI:-}" ]; then
  aws s3 cp "$f" "$PGDUMP_S3_URI/$(basename "$f")" --only-show-errors && echo "copied to $PGDUMP_S3_URI"
fi
