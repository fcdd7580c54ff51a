#!/usr/bin/env bash
set -euo pipefail
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY}" "${RESTIC_PASSWORD_FILE:?set RESTIC_PASSWORD_FILE}"
cmd="${1:-list}"; shift || true
case "$cmd" in
  backup)  restic backup --exclude-caches --exclude '**/node_modules' "$@" ;;
  list)    restic snapshots --compact ;;
  restore) id="$1"; shift; restic restore "$id" "$@" ;;
  prune)   restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --prune "$@" ;;
  *) echo "usage: backup|list|restore|prune"; exit 2 ;;
esac
