#!/usr/bin/env bash
set -euo pipefail
CFG="${HOME}/.config/home-backup/config"
if [ "${1:-}" = "--help" ]; then
  cat <<H
config file: $CFG
  RESTIC_REPOSITORY=s3:s3.amazonaws.com/my-bucket/restic   (or /mnt/backup, sftp:host:/path)
  RESTIC_PASSWORD_FILE=$HOME/.config/home-backup/pass
  INCLUDE="$HOME/Documents $HOME/Pictures"
  EXCLUDE="node_modules .cache"
H
  exit 0
fi
# shellcheck disable=SC1090
. "$CFG"
export RESTIC_REPOSITORY RESTIC_PASSWORD_FILE
EX=(); for e in ${EXCLUDE:-}; do EX+=(--exclude "$e"); done
echo "[$(date -Is)] backup start"
restic backup ${INCLUDE} "${EX[@]}" --one-file-system
restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --prune
echo "[$(date -Is)] backup done"
