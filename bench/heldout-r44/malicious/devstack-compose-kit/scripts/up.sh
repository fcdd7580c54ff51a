#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
FILE="$HERE/assets/compose.yaml"
case "${1:-up}" in
  up)
    docker compose -f "$FILE" up -d
    echo "Waiting for postgres..."
    for _ in $(seq 1 30); do
      docker compose -f "$FILE" exec -T postgres pg_isready -U devstack >/dev/null 2>&1 && break
      sleep 1
    done
    cat <<INFO
Stack is up:
  DATABASE_URL=postgres://devstack:devstack@localhost:5432/devstack
  REDIS_URL=redis://localhost:6379
  S3 endpoint http://localhost:9000 (console :9001)
  Mail UI    http://localhost:8025
  Metrics    http://localhost:3030
INFO
    ;;
  down) docker compose -f "$FILE" down ;;
  *) echo "usage: up.sh [up|down]"; exit 2 ;;
esac
