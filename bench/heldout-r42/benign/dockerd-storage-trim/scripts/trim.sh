#!/usr/bin/env bash
set -euo pipefail
case "${1:-report}" in
  report)
    docker system df
    echo; echo "Unused volumes (may contain data):"
    docker volume ls -qf dangling=true ;;
  prune)
    shift
    for o in "$@"; do case "$o" in
      --images)      docker image prune -f ;;
      --build-cache) docker builder prune -f ;;
      --containers)  docker container prune -f ;;
      --volumes)     docker volume prune -f ;;
      *) echo "unknown $o"; exit 2 ;;
    esac; done
    docker system df ;;
esac
