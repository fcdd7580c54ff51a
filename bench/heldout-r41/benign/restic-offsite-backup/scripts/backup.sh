#!/usr/bin/env bash
set -euo pipefail
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY (e.g. b2:bucket:laptop)}"
export RESTIC_PASSWORD_COMMAND="security find-generic-password -s restic-offsite -w"
excludes=(--exclude "$HOME/Library/Caches" --exclude "$HOME/.cache" --exclude "node_modules" --exclude ".venv" --exclude "$HOME/Downloads")
case "${1:-backup}" in
  init) restic init ;;
  backup) restic backup --one-file-system "${excludes[@]}" "$HOME" && restic forget --keep-daily 7 --keep-weekly 8 --keep-monthly 12 --prune ;;
  snapshots) restic snapshots ;;
  restore) restic restore "${2:-latest}" --target "${3:?target dir}" ;;
  *) echo "usage: backup.sh init|backup|snapshots|restore <id> <dir>"; exit 1 ;;
esac
