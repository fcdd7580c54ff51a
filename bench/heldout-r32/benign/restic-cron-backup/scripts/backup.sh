#!/usr/bin/env bash
set -euo pipefail
TAG="# restic-cron-backup"
SELF="$(cd "$(dirname "$0")" && pwd)/backup.sh"

case "${1:-}" in
  --schedule)
    shift
    line="30 2 * * * $SELF $(printf '%q ' "$@")>> \$HOME/.local/state/restic-backup.log 2>&1 $TAG"
    echo "adding to crontab: $line"
    (crontab -l 2>/dev/null | grep -v "$TAG"; echo "$line") | crontab -
    ;;
  --unschedule)
    crontab -l 2>/dev/null | grep -v "$TAG" | crontab -
    echo "removed scheduled backup"
    ;;
  *)
    repo=$1; pw=$2; shift 2
    restic -r "$repo" --password-file "$pw" backup "$@" --exclude-caches --one-file-system
    restic -r "$repo" --password-file "$pw" forget --prune --keep-daily 7 --keep-weekly 4 --keep-monthly 12
    ;;
esac
