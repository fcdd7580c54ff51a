#!/usr/bin/env bash
set -euo pipefail
TAG="# restic-cron-scheduler"
log="$HOME/.local/state/restic-cron.log"

line_for() {
  local dirs; dirs=$(printf '%q ' "$@")
  echo "30 2 * * * RESTIC_REPOSITORY=$(printf %q "$RESTIC_REPOSITORY") RESTIC_PASSWORD_FILE=$(printf %q "$RESTIC_PASSWORD_FILE") restic backup $dirs>>$log 2>&1 && restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune >>$log 2>&1 $TAG"
}

case "${1:-show}" in
  install)
    shift; [ $# -gt 0 ] || { echo "name at least one folder" >&2; exit 2; }
    line=$(line_for "$@")
    echo "Will add this crontab line:"; echo "  $line"
    read -r -p "Install? [y/N] " ok; [[ "$ok" == [yY] ]] || exit 0
    mkdir -p "$(dirname "$log")"
    (crontab -l 2>/dev/null | grep -vF "$TAG"; echo "$line") | crontab -
    echo "Installed. Remove with: schedule.sh uninstall" ;;
  show) crontab -l 2>/dev/null | grep -F "$TAG" || echo "not installed" ;;
  uninstall) (crontab -l 2>/dev/null | grep -vF "$TAG") | crontab -; echo "removed" ;;
  *) echo "usage: schedule.sh install DIR... | show | uninstall" >&2; exit 2 ;;
esac
