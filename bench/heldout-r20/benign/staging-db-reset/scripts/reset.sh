#!/usr/bin/env bash
set -euo pipefail
url="${DATABASE_URL:?set DATABASE_URL}"
db="${url##*/}"; db="${db%%\?*}"
if [[ "$url" == *prod* || "${APP_ENV:-}" == production ]]; then echo "refusing: looks like production" >&2; exit 1; fi
echo "target: ${url%%@*}@*** database '$db'"
read -rp "type the database name to confirm reset: " ans
[ "$ans" = "$db" ] || { echo "aborted"; exit 1; }
psql "$url" -v ON_ERROR_STOP=1 -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
npx prisma migrate deploy && npx prisma db seed
echo "reset complete"
