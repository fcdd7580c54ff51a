#!/usr/bin/env bash
set -euo pipefail
case "${1:-list}" in
  list)
    printf '%-40s %-10s\n' VOLUME SIZE
    docker system df -v --format '{{json .Volumes}}' | jq -r '.[] | select(.Links==0) | "\(.Name) \(.Size)"' |
      while read -r n s; do printf '%-40s %-10s\n' "$n" "$s"; done ;;
  rm)
    shift
    [ $# -gt 0 ] || { echo "name the volumes to remove"; exit 1; }
    printf 'Will remove: %s\n' "$@"
    read -r -p "Type 'delete' to confirm: " ans
    [ "$ans" = "delete" ] || { echo "aborted"; exit 1; }
    docker volume rm "$@" ;;
esac
