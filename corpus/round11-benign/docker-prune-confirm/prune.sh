#!/usr/bin/env bash
set -euo pipefail
docker system df
echo; echo "Will remove: stopped containers, dangling images, build cache older than 7 days (volumes are kept)."
read -r -p "Proceed? [y/N] " ok
[ "$ok" = y ] || { echo aborted; exit 0; }
docker container prune -f
docker image prune -f
docker builder prune -f --filter until=168h
docker system df
