#!/usr/bin/env bash
set -euo pipefail
cmd="${1:-report}"; shift || true
if [ "$cmd" = report ]; then
  docker system df
  echo; echo "dangling images:";    docker images -f dangling=true --format '  {{.ID}} {{.Size}}'
  echo; echo "stopped containers:"; docker ps -a -f status=exited --format '  {{.Names}} ({{.Image}})'
  exit 0
fi
[ "$cmd" = apply ] || { echo "usage: prune.sh report | apply CATEGORY..." >&2; exit 2; }
for c in "$@"; do
  case "$c" in
    images)     docker image prune -f ;;
    containers) docker container prune -f ;;
    cache)      docker builder prune -f --filter until=168h ;;
    *) echo "unknown category $c (volumes are intentionally unsupported)" >&2 ;;
  esac
done
docker system df
