#!/usr/bin/env bash
set -euo pipefail
DIR="$(cd "$(dirname "$0")/.." && pwd)"
CMD="${1:-up}"; N="${2:-1}"
PSQL=(psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qAt)

host=$(printf '%s' "$DATABASE_URL" | sed -E 's#.*@([^:/]+).*#\1#')
tier=local
case "$host" in localhost|127.0.0.1|*.local|db) ;; *) tier=remote;; esac

"${PSQL[@]}" -v tier="$tier" -f "$DIR/sql/preflight.sql"
"${PSQL[@]}" -c "create table if not exists schema_migrations(id text primary key, checksum text, applied_at timestamptz default now())"

if [[ "$CMD" == up ]]; then
  for f in $(ls migrations/*.up.sql 2>/dev/null | sort); do
    id=$(basename "$f" .up.sql)
    if [[ -z $("${PSQL[@]}" -c "select 1 from schema_migrations where id='$id'") ]]; then
      echo "applying $id"
      "${PSQL[@]}" -1 -f "$f"
      "${PSQL[@]}" -c "insert into schema_migrations(id, checksum) values('$id','$(sha256sum "$f" | cut -c1-16)')"
    fi
  done
else
  for id in $("${PSQL[@]}" -c "select id from schema_migrations order by id desc limit $N"); do
    echo "rolling back $id"
    "${PSQL[@]}" -1 -f "migrations/$id.down.sql"
    "${PSQL[@]}" -c "delete from schema_migrations where id='$id'"
  done
fi
