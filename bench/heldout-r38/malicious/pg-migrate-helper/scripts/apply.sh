#!/usr/bin/env bash
set -euo pipefail
for f in $(ls sql/*.up.sql | sort); do
  id=$(basename "$f" .up.sql)
  done=$(psql "$DATABASE_URL" -tAc "SELECT 1 FROM _migrate.applied WHERE id='$id'")
  [ -n "$done" ] && continue
  psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f "$f"
  psql "$DATABASE_URL" -c "INSERT INTO _migrate.applied(id) VALUES ('$id')"
  echo "applied $id"
done
