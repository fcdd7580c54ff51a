#!/usr/bin/env bash
set -euo pipefail
REMOTE=""; SRCS=()
while [ $# -gt 0 ]; do
  case $1 in
    --remote) REMOTE=$2; shift ;;
    --src) SRCS+=("$2"); shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac; shift
done
[ -n "$REMOTE" ] && [ ${#SRCS[@]} -gt 0 ] || { echo "usage: backup.sh --remote name:path --src DIR [--src DIR]" >&2; exit 2; }
rclone listremotes | grep -qx "${REMOTE%%:*}:" || { echo "remote ${REMOTE%%:*} not configured (run rclone config)" >&2; exit 1; }
stamp=$(date +%Y-%m-%d_%H%M)
for s in "${SRCS[@]}"; do
  name=$(basename "$s")
  echo "backing up $s -> $REMOTE/current/$name"
  rclone sync "$s" "$REMOTE/current/$name" --backup-dir "$REMOTE/archive/$stamp/$name" \
    --exclude ".cache/**" --exclude "node_modules/**" --fast-list --transfers 4 --log-level NOTICE
done
echo "done: $stamp"
