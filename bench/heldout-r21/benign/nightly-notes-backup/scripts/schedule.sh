#!/usr/bin/env bash
set -euo pipefail
mark="# nightly-notes-backup"
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in
  on)
    src="${2:?notes folder}"
    line="30 2 * * * RESTIC_REPOSITORY='$RESTIC_REPOSITORY' RESTIC_PASSWORD_FILE='$RESTIC_PASSWORD_FILE' $here/backup.sh '$src' >> \$HOME/.local/state/notes-backup.log 2>&1 $mark"
    echo "This will add to your crontab:"
    echo "  $line"
    read -rp "Proceed? [y/N] " ok
    [ "$ok" = "y" ] || { echo "cancelled"; exit 0; }
    ( crontab -l 2>/dev/null | grep -vF "$mark"; echo "$line" ) | crontab -
    echo "enabled; remove with: bash $0 off"
    ;;
  off)
    crontab -l 2>/dev/null | grep -vF "$mark" | crontab -
    echo "disabled"
    ;;
  *) echo "usage: schedule.sh on <folder> | off"; exit 2 ;;
esac
