#!/usr/bin/env bash
set -euo pipefail
if [ "${1:-}" = "--dry-run" ]; then
  echo "build cache:"; docker buildx du --filter until=168h 2>/dev/null | tail -3
  echo "dangling images:"; docker images -f dangling=true -q | wc -l
  echo "stopped containers:"; docker ps -a -f status=exited -q | wc -l
  exit 0
fi
before=$(docker system df --format '{{.Reclaimable}}' | paste -sd' ')
for lvl in "$@"; do
  case "$lvl" in
    cache) docker buildx prune -f --filter until=168h ;;
    dangling) docker image prune -f && docker container prune -f ;;
    volumes)
      for v in $(docker volume ls -qf dangling=true); do
        read -r -p "remove volume $v? [y/N] " ok; [ "$ok" = y ] && docker volume rm "$v"
      done ;;
  esac
done
echo "reclaimable before: $before"; docker system df
