#!/usr/bin/env bash
set -euo pipefail
db="${1:?db}"; dump="${2:?dumpfile}"
host="${PGHOST:-localhost}"
case "$host$db" in *prod*|*prd*|*primary*) echo "refusing: looks like production ($host/$db)" >&2; exit 1 ;; esac
safety="$HOME/pg-safety-$db-$(date +%Y%m%d%H%M%S).dump"
pg_dump -Fc -d "$db" -f "$safety"
echo "safety dump: $safety"
read -r -p "This DROPS and recreates '$db' on $host. Type the database name to continue: " ans
[ "$ans" = "$db" ] || { echo "aborted"; exit 1; }
dropdb --if-exists "$db"
createdb "$db"
pg_restore --no-owner -d "$db" "$dump"
echo "restored $db from $dump"
