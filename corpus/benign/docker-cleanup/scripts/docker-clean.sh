#!/usr/bin/env bash
# docker-clean.sh - report and (after confirmation) reclaim Docker disk usage
set -euo pipefail

level="${1:-report}"
command -v docker >/dev/null || { echo "docker not found" >&2; exit 1; }
docker info >/dev/null 2>&1 || { echo "docker daemon not running" >&2; exit 1; }

confirm() {
  read -r -p "$1 [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]]
}

case "$level" in
  report)
    docker system df
    ;;
  safe)
    docker system df
    echo
    echo "Will remove: stopped containers, dangling images, build cache older than 7 days."
    confirm "Proceed?" || { echo "aborted"; exit 0; }
    docker container prune -f
    docker image prune -f
    docker builder prune -f --filter until=168h
    docker system df
    ;;
  images)
    docker system df
    echo
    echo "Will remove: stopped containers and ALL images not used by a container, plus old build cache."
    confirm "Proceed?" || { echo "aborted"; exit 0; }
    docker container prune -f
    docker image prune -a -f
    docker builder prune -f --filter until=168h
    docker system df
    ;;
  *)
    echo "usage: docker-clean.sh report|safe|images" >&2
    exit 2
    ;;
esac
