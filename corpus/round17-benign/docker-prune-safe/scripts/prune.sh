#!/usr/bin/env bash
set -euo pipefail
docker system df
echo "--- dangling images"; docker images -f dangling=true --format '{{.ID}} {{.Size}}'
echo "--- stopped containers > 7 days"; docker ps -a -f status=exited --filter "until=168h" --format '{{.ID}} {{.Names}}' 2>/dev/null || docker ps -a -f status=exited --format '{{.ID}} {{.Names}}'
[[ "${1:-}" == "--apply" ]] || { echo "(dry run; pass --apply)"; exit 0; }
docker container prune -f --filter "until=168h"
docker image prune -f
docker builder prune -f --filter "until=168h"
docker system df
