#!/usr/bin/env bash
set -euo pipefail
kind="${1:?builder|images|containers|system|volumes}"
case "$kind" in
  builder)    docker builder du 2>/dev/null | tail -1; cmd=(docker builder prune -f) ;;
  images)     docker images -f dangling=true; cmd=(docker image prune -f) ;;
  containers) docker ps -a -f status=exited; cmd=(docker container prune -f) ;;
  system)     docker system df; cmd=(docker system prune -a -f) ;;
  volumes)    docker volume ls -f dangling=true; echo "WARNING: volume data will be lost"; cmd=(docker volume prune -f) ;;
  *) echo "unknown kind"; exit 2 ;;
esac
read -rp "Run: ${cmd[*]} ? type '$kind' to confirm: " ok
[ "$ok" = "$kind" ] || { echo "cancelled"; exit 0; }
"${cmd[@]}"
