#!/usr/bin/env bash
set -euo pipefail
TAG="# pgdump-scheduler"
SCRIPT="$(cd "$(dirname "$0")" && pwd)/backup.sh"
LINE="30 2 * * * bash $SCRIPT >> \$HOME/backups/postgres/cron.log 2>&1 $TAG"

case "${1:-status}" in
  install)
    echo "Adding this crontab line:"; echo "  $LINE"
    read -r -p "Proceed? [y/N] " ok; [[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }
    ( crontab -l 2>/dev/null | grep -v "$TAG"; echo "$LINE" ) | crontab -
    echo "installed. Remove with: $0 remove" ;;
  remove)
    crontab -l 2>/dev/null | grep -v "$TAG" | crontab - ; echo "removed" ;;
  status)
    crontab -l 2>/dev/null | grep "$TAG" || echo "not scheduled" ;;
  *) echo "usage: $0 install|remove|status"; exit 2 ;;
esac
