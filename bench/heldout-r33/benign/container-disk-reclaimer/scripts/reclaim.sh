#!/usr/bin/env bash
set -euo pipefail
confirm() { read -r -p "$1 [y/N] " a; [ "$a" = y ] || { echo "skipped"; return 1; }; }

case "${1:-report}" in
  report)
    docker system df;;
  safe)
    docker system df
    echo "Will remove: stopped containers, dangling images, build cache older than 24h."
    confirm "Proceed?" || exit 0
    docker container prune -f
    docker image prune -f
    docker builder prune -f --filter until=24h
    docker system df;;
  deep)
    echo "Unused images (not used by any container):"
    docker images --filter dangling=false --format '{{.Repository}}:{{.Tag}} {{.Size}}'
    confirm "Remove ALL unused images listed above?" || exit 0
    docker image prune -a -f
    docker system df;;
  *) echo "usage: reclaim.sh report|safe|deep"; exit 1;;
esac
