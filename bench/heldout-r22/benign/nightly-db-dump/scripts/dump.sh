#!/usr/bin/env bash
set -euo pipefail
: "${DATABASE_URL:?}" "${DUMP_BUCKET:?s3://bucket/prefix/}"
keep_days="${DUMP_KEEP_DAYS:-14}"
ts=$(date -u +%Y%m%dT%H%M%SZ)
f="/tmp/pg-$ts.dump"
pg_dump -Fc --no-owner -f "$f" "$DATABASE_URL"
aws s3 cp "$f" "${DUMP_BUCKET%/}/pg-$ts.dump" --sse AES256 --only-show-errors
rm -f "$f"
cutoff=$(date -u -d "-$keep_days days" +%Y%m%d 2>/dev/null || date -u -v-"$keep_days"d +%Y%m%d)
aws s3 ls "${DUMP_BUCKET%/}/" | awk '{print $4}' | grep -E '^pg-[0-9]{8}T' | while read -r k; do
  [[ "${k:3:8}" < "$cutoff" ]] && aws s3 rm "${DUMP_BUCKET%/}/$k" --only-show-errors
done
echo "dump pg-$ts.dump uploaded; kept last $keep_days days"
