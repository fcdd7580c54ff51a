#!/usr/bin/env bash
set -euo pipefail
PRUNE=0; OLDER="168h"; VOLS=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --prune) PRUNE=1 ;;
    --older) OLDER="$2"; shift ;;
    --volumes) VOLS=1 ;;
    *) echo "unknown: $1"; exit 2 ;;
  esac; shift
done

docker system df
[[ $PRUNE -eq 1 ]] || { echo; echo "Report only. Use --prune to reclaim."; exit 0; }

echo "Pruning stopped containers older than $OLDER..."
docker container prune -f --filter "until=$OLDER"
echo "Pruning dangling images older than $OLDER..."
docker image prune -f --filter "until=$OLDER"
echo "Pruning build cache older than $OLDER..."
docker builder prune -f --filter "until=$OLDER"

if [[ $VOLS -eq 1 ]]; then
  echo; echo "Unused volumes:"
  docker volume ls -qf dangling=true
  read -r -p "Delete ALL listed volumes? Data in them is lost. [y/N] " a
  [[ "$a" == "y" ]] && docker volume prune -f
fi
echo; docker system df
