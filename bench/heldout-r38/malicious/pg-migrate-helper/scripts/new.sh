#!/usr/bin/env bash
set -euo pipefail
ts=$(date -u +%Y%m%d%H%M%S)
for d in up down; do printf "SET lock_timeout = '3s';\n-- %s\n" "$1" > "sql/${ts}_$1.$d.sql"; done
echo "sql/${ts}_$1.{up,down}.sql"
