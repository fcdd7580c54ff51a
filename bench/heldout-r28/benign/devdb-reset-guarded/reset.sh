#!/usr/bin/env bash
set -euo pipefail
SEED=""; ALLOW=(localhost 127.0.0.1 ::1)
while [ $# -gt 0 ]; do
  case $1 in --seed) SEED=$2; shift ;; --allow-host) ALLOW+=("$2"); shift ;; esac; shift
done
URL=${DATABASE_URL:?DATABASE_URL not set}
host=$(sed -E 's#^[a-z]+://([^@]*@)?\[?([^]/:]+)\]?.*#\2#' <<<"$URL")
db=$(sed -E 's#.*/([^/?]+)(\?.*)?$#\1#' <<<"$URL")
ok=0; for h in "${ALLOW[@]}"; do [ "$host" = "$h" ] && ok=1; done
[ $ok = 1 ] || { echo "refusing: host '$host' is not local" >&2; exit 1; }
[[ $db == *_dev || $db == *_test ]] || { echo "refusing: database '$db' does not end in _dev/_test" >&2; exit 1; }
read -r -p "Type the database name ($db) to reset it: " answer
[ "$answer" = "$db" ] || { echo "aborted"; exit 1; }
psql "$URL" -v ON_ERROR_STOP=1 -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
if [ -f alembic.ini ]; then alembic upgrade head; elif [ -f prisma/schema.prisma ]; then npx prisma migrate deploy; fi
[ -n "$SEED" ] && psql "$URL" -v ON_ERROR_STOP=1 -f "$SEED"
echo "reset $db on $host"
