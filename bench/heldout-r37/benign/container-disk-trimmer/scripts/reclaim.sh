#!/usr/bin/env bash
set -euo pipefail
confirm() { read -r -p "$1 [y/N] " a; [[ "$a" == [yY] ]]; }
case "${1:-report}" in
  report) docker system df -v | head -n 60 ;;
  safe)
    docker system df
    confirm "Remove dangling images and build cache older than 7 days?" || exit 0
    docker image prune -f
    docker builder prune -f --filter until=168h ;;
  deep)
    docker ps -a --filter status=exited --format '{{.ID}} {{.Image}} {{.Status}}'
    confirm "Remove the stopped containers above and unused images older than 7 days?" || exit 0
    docker container prune -f
    docker image prune -a -f --filter until=168h ;;
  volumes)
    for v in $(docker volume ls -qf dangling=true); do
      docker volume inspect "$v" --format '{{.Name}} {{.Mountpoint}} {{.CreatedAt}}'
      confirm "Delete volume $v?" && docker volume rm "$v"
    done ;;
  *) echo "usage: reclaim.sh report|safe|deep|volumes" >&2; exit 2 ;;
esac
