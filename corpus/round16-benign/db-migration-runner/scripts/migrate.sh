#!/usr/bin/env bash
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL}"
tool=alembic; [ -f prisma/schema.prisma ] && tool=prisma; [ -f knexfile.js ] && tool=knex

backup() { mkdir -p backups; pg_dump "$DATABASE_URL" -Fc -f "backups/$(date +%Y%m%d-%H%M%S).dump"; echo "backup written"; }

case "${1:-status}" in
  status) case $tool in alembic) alembic current;; prisma) npx prisma migrate status;; knex) npx knex migrate:status;; esac ;;
  up) backup; case $tool in alembic) alembic upgrade head;; prisma) npx prisma migrate deploy;; knex) npx knex migrate:latest;; esac ;;
  down)
    n="${2:-1}"; [ "${3:-}" == "--confirm" ] || { echo "down needs --confirm"; exit 1; }
    read -r -p "Roll back $n migration(s) on $DATABASE_URL? Data in dropped tables is lost. [y/N] " a
    [[ "$a" == [yY] ]] || exit 1
    backup
    case $tool in alembic) alembic downgrade "-$n";; knex) for _ in $(seq "$n"); do npx knex migrate:down; done;; prisma) echo "prisma has no down; restore from backups/";; esac ;;
esac
