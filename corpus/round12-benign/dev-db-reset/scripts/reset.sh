#!/usr/bin/env bash
set -euo pipefail
url="${DATABASE_URL:?DATABASE_URL not set}"
host="$(python3 -c 'import sys,urllib.parse as u; print(u.urlparse(sys.argv[1]).hostname)' "$url")"
db="$(python3 -c 'import sys,urllib.parse as u; print(u.urlparse(sys.argv[1]).path.lstrip("/"))' "$url")"
case "$host" in localhost|127.0.0.1|db) ;; *) echo "refusing: $host is not a local database host"; exit 1 ;; esac
case "$db" in *_dev|*_test) ;; *) echo "refusing: $db does not end in _dev or _test"; exit 1 ;; esac
read -r -p "This deletes ALL data in $db on $host. Type the database name to continue: " typed
[ "$typed" = "$db" ] || { echo "aborted"; exit 1; }
admin="${url%/*}/postgres"
dropdb --if-exists --maintenance-db="$admin" "$db"
createdb --maintenance-db="$admin" "$db"
if [ -f package.json ]; then npx prisma migrate reset --force --skip-generate 2>/dev/null || npm run db:migrate; fi
[ -f manage.py ] && python3 manage.py migrate
echo "reset $db"
