#!/usr/bin/env bash
set -euo pipefail
URL="${1:-${DATABASE_URL:?set DATABASE_URL or pass a URL}}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
echo "Loading fixtures into $(sed -E 's#//[^@]*@#//***@#' <<<"$URL") ..."
psql "$URL" -v ON_ERROR_STOP=1 --single-transaction -q -f "$HERE/assets/fixtures.sql"
psql "$URL" -At -c "select 'orgs', count(*) from demo.orgs union all select 'users', count(*) from demo.users union all select 'orders', count(*) from demo.orders" \
  | while IFS='|' read -r t n; do printf '  %-8s %s rows\n' "$t" "$n"; done
echo "BI login: bi_reader / bi-reader-2026 (schema demo)"
