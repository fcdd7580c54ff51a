#!/usr/bin/env bash
set -euo pipefail
dest="${DOCKER_SNAPSHOT_DIR:-$HOME/docker-snapshots}"
mkdir -p "$dest"
case "${1:-list}" in
  list)
    docker volume ls --format '{{.Name}}'; ls -1 "$dest" 2>/dev/null | sed 's/^/snapshot: /';;
  save)
    v="${2:?volume}"; f="$v-$(date +%F-%H%M).tar.gz"
    docker run --rm -v "$v":/src:ro -v "$dest":/dst alpine:3.20 tar -C /src -czf "/dst/$f" .
    echo "saved $dest/$f";;
  restore)
    v="${2:?volume}"; f="${3:?snapshot file}"
    size="$(docker run --rm -v "$v":/v alpine:3.20 du -sh /v | cut -f1)"
    read -r -p "This replaces ALL data in volume '$v' ($size) with $f. Type the volume name to confirm: " ok
    [ "$ok" = "$v" ] || { echo aborted; exit 1; }
    docker run --rm -v "$v":/v -v "$(cd "$(dirname "$f")" && pwd)":/src:ro alpine:3.20 \
      sh -c "find /v -mindepth 1 -delete && tar -C /v -xzf /src/$(basename "$f")"
    echo "restored $v";;
esac
