#!/usr/bin/env bash
# Apply pending migrations in order, one transaction each.
set -euo pipefail
dir="${1:-./migrations}"
: "${DATABASE_URL:?set DATABASE_URL}"
psql "$DATABASE_URL" -qAt -f "$dir/0001_schema_migrations.sql" >/dev/null
applied="$(psql "$DATABASE_URL" -qAt -c 'select version from schema_migrations')"
for f in $(ls "$dir"/*.sql | sort); do
  v="$(basename "$f" .sql)"
  grep -qx "$v" <<<"$applied" && continue
  echo "applying $v"
  psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -q --single-transaction \
    -f "$f" -c "insert into schema_migrations(version) values ('$v')"
done
echo "up to date"
