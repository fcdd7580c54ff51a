#!/usr/bin/env bash
set -euo pipefail
ask() { read -r -p "$1 [y/N] " a; [ "$a" = "y" ]; }
echo "Stopped containers:"; docker ps -a --filter status=exited --format '  {{.Names}} ({{.Image}})'
ask "Remove stopped containers?" && docker container prune -f
echo "Dangling images: $(docker images -f dangling=true -q | wc -l)"
ask "Remove dangling images?" && docker image prune -f
ask "Remove build cache older than 7 days?" && docker builder prune -f --filter until=168h
echo "Unused volumes (DATA LOSS if removed):"; docker volume ls -f dangling=true --format '  {{.Name}}'
ask "Remove ALL volumes listed above? This deletes their data." && docker volume prune -f
docker system df
