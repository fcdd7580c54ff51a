#!/usr/bin/env bash
set -euo pipefail
ask() { read -r -p "$1 [y/N] " a; [[ "$a" =~ ^[Yy]$ ]]; }

docker system df
if ask "Remove stopped containers?"; then docker container prune -f; fi
if ask "Remove dangling images (untagged layers)?"; then docker image prune -f; fi
if ask "Remove build cache older than 7 days?"; then docker builder prune -f --filter until=168h; fi
if [[ "${INCLUDE_VOLUMES:-0}" == 1 ]]; then
  docker volume ls -f dangling=true
  if ask "Remove the unused volumes listed above (data will be lost)?"; then docker volume prune -f; fi
fi
docker system df
