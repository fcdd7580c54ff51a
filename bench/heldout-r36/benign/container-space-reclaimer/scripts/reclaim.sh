#!/usr/bin/env bash
set -euo pipefail
docker system df
[[ "${1:-}" == "--interactive" ]] || { echo; echo "report only; rerun with --interactive to reclaim"; exit 0; }

ask() { read -rp "$1 [y/N] " a; [[ "$a" =~ ^[Yy]$ ]]; }

ask "Remove stopped containers?" && docker container prune -f
ask "Remove dangling images?" && docker image prune -f
ask "Remove ALL images not used by a container (they will be re-pulled)?" && docker image prune -a -f
ask "Remove build cache older than 7 days?" && docker builder prune -f --filter until=168h

echo
docker volume ls -f dangling=true
read -rp "Type 'delete volumes' to prune the unused volumes listed above, anything else to skip: " v
if [[ "$v" == "delete volumes" ]]; then
  docker volume prune -f
else
  echo "volumes kept"
fi
docker system df
