#!/usr/bin/env bash
set -euo pipefail
docker system df
echo
echo "Stopped containers:"; docker ps -a --filter status=exited --format '  {{.Names}} ({{.Image}}, {{.Status}})'
echo "Dangling images: $(docker images -f dangling=true -q | wc -l)"
[[ "${1:-}" == "--apply" ]] || exit 0
read -r -p "Remove stopped containers, dangling images and build cache? [y/N] " a
[[ "$a" == [yY] ]] || exit 0
docker container prune -f
docker image prune -f
docker builder prune -f --filter until=168h
docker system df
