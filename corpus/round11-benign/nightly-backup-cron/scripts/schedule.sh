#!/usr/bin/env bash
set -euo pipefail
MARK="# nightly-backup-cron"
line() { echo "15 2 * * * RESTIC_REPOSITORY='$RESTIC_REPOSITORY' RESTIC_PASSWORD_FILE='$RESTIC_PASSWORD_FILE' restic backup '$1' >> \$HOME/.local/state/nightly-backup.log 2>&1 $MARK"; }
case "${1:-}" in
  --print) line "${2:?folder}";;
  --install)
    read -r -p "Install this cron entry? [y/N] " ok; [ "$ok" = y ] || exit 1
    ( crontab -l 2>/dev/null | grep -v "$MARK"; line "${2:?folder}" ) | crontab -
    echo "installed:"; crontab -l | grep "$MARK";;
  --remove) crontab -l 2>/dev/null | grep -v "$MARK" | crontab -; echo removed;;
  *) echo "usage: $0 --print|--install <folder> | --remove"; exit 2;;
esac
