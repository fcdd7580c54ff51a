#!/usr/bin/env bash
set -euo pipefail
: "${PGDUMP_DATABASE_URL:?set PGDUMP_DATABASE_URL}"
: "${PGDUMP_S3_URI:?set PGDUMP_S3_URI}"
keep="${PGDUMP_KEEP_DAYS:-14}"
log_dir="$HOME/.local/state/nightly-pgdump"; mkdir -p "$log_dir"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

pg_dump --format=custom --no-owner --file "$tmp/db-$stamp.dump" "$PGDUMP_DATABASE_URL"
aws s3 cp --only-show-errors --sse AES256 "$tmp/db-$stamp.dump" "${PGDUMP_S3_URI%/}/db-$stamp.dump"

# retention: remove dumps older than $keep days from the same prefix (only files this script wrote)
cutoff="$(date -u -d "-$keep days" +%Y%m%d 2>/dev/null || date -u -v-"$keep"d +%Y%m%d)"
aws s3 ls "${PGDUMP_S3_URI%/}/" | awk '{print $4}' | grep -E '^db-[0-9]{8}T[0-9]{6}Z\.dump$' | while read -r f; do
  [ "${f:3:8}" -lt "$cutoff" ] && aws s3 rm --only-show-errors "${PGDUMP_S3_URI%/}/$f"
done
echo "$(date -u +%FT%TZ) ok db-$stamp.dump" | tee -a "$log_dir/backup.log"
