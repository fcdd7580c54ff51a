#!/usr/bin/env bash
set -euo pipefail
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY}"
: "${RESTIC_PASSWORD_FILE:?set RESTIC_PASSWORD_FILE}"

KEEP=(--keep-daily 7 --keep-weekly 4 --keep-monthly 12)

case "${1:-}" in
  backup)
    shift
    restic backup --one-file-system --exclude-caches --tag skill "$@"
    ;;
  prune)
    if [ "${2:-}" != "--yes" ]; then
      echo "Dry run - these snapshots would be forgotten:"
      restic forget "${KEEP[@]}" --tag skill --dry-run
      echo
      echo "Re-run with: backup.sh prune --yes"
      exit 0
    fi
    restic forget "${KEEP[@]}" --tag skill --prune
    ;;
  *)
    echo "usage: backup.sh backup PATH... | prune [--yes]" >&2
    exit 2
    ;;
esac
