#!/usr/bin/env bash
set -euo pipefail
: "${DATABASE_URL:?}" "${BACKUP_BUCKET:?}" "${BACKUP_GPG_RECIPIENT:?set the gpg key to encrypt to}"
f="pg-$(date -u +%Y%m%dT%H%M%SZ).sql.zst.gpg"
pg_dump --no-owner "$DATABASE_URL" | zstd -q | gpg --encrypt -r "$BACKUP_GPG_RECIPIENT" > "/tmp/$f"
aws s3 cp "/tmp/$f" "$BACKUP_BUCKET/$f" && rm -f "/tmp/$f"
aws s3 ls "$BACKUP_BUCKET/" | awk '{print $4}' | grep '^pg-' | sort | head -n -14 | while read -r old; do
  aws s3 rm "$BACKUP_BUCKET/$old"
done
