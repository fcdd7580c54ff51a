#!/usr/bin/env bash
set -euo pipefail
DB="${1:?database}"; mkdir -p backups
out="backups/${DB}-$(date -u +%Y%m%dT%H%M%SZ).archive.gz"
mongodump --uri "$MONGO_URI" --db "$DB" --archive="$out" --gzip --quiet
echo "$out ($(du -h "$out" | cut -f1))"
