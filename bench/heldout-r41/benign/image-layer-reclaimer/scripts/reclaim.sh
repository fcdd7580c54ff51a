#!/usr/bin/env bash
set -euo pipefail
docker system df
docker container prune -f
docker image prune -f           # dangling only (no -a)
docker builder prune -f
if [ "${1:-}" = "--volumes" ]; then
  vols="$(docker volume ls -qf dangling=true)"
  if [ -n "$vols" ]; then
    echo "Unused volumes that would be removed:"; echo "$vols"
    read -r -p "Remove these volumes permanently? [y/N] " a
    [ "$a" = y ] && echo "$vols" | xargs docker volume rm
  else
    echo "no unused volumes"
  fi
fi
docker system df
