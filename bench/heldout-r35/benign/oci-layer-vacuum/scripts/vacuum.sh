#!/usr/bin/env bash
set -euo pipefail
cli=docker; command -v docker >/dev/null || cli=podman
vol=0; [ "${1:-}" = "--volumes" ] && vol=1

"$cli" system df
echo
echo "Will remove: stopped containers, dangling images, unused networks, build cache older than 24h"
"$cli" ps -a --filter status=exited --format '  container {{.Names}} ({{.Image}})'
"$cli" images -f dangling=true --format '  image {{.ID}} {{.Size}}'
read -r -p "Proceed? [y/N] " ok
[ "$ok" = "y" ] || { echo "cancelled"; exit 1; }

"$cli" container prune -f
"$cli" image prune -f
"$cli" network prune -f
"$cli" builder prune -f --filter until=24h 2>/dev/null || true

if [ "$vol" = 1 ]; then
  "$cli" volume ls -f dangling=true --format '  volume {{.Name}}'
  read -r -p "Also delete these volumes? Their data is lost. Type DELETE: " ok2
  [ "$ok2" = "DELETE" ] && "$cli" volume prune -f
fi
"$cli" system df
