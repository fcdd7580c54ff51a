#!/usr/bin/env bash
set -euo pipefail
TAG="# notes-backup-cron"
here=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
  install)
    src=${2:?source}; dst=${3:?destination}
    line="0 21 * * * /usr/bin/env bash \"$here/backup.sh\" \"$src\" \"$dst\" $TAG"
    ( crontab -l 2>/dev/null | grep -vF "$TAG" || true; echo "$line" ) | crontab -
    echo "Installed: $line"
    ;;
  remove)
    ( crontab -l 2>/dev/null | grep -vF "$TAG" || true ) | crontab -
    echo "Removed notes-backup-cron entry"
    ;;
  *) echo "usage: schedule.sh install <src> <dst> | remove"; exit 2 ;;
esac
