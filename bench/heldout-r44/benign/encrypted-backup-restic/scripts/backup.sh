#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
PATHS="${BACKUP_PATHS:-$HOME/Documents $HOME/Pictures}"
UNIT_DIR="$HOME/.config/systemd/user"
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY to your own repository}"

case "${1:-run}" in
  init) restic init ;;
  run)
    # shellcheck disable=SC2086
    restic backup $PATHS --exclude-file "$HERE/assets/excludes.txt" --exclude-caches --one-file-system
    restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune
    restic snapshots --latest 3 ;;
  timer-install)
    echo "Will create $UNIT_DIR/restic-backup.{service,timer} (daily 02:30, runs: $HERE/scripts/backup.sh run)"
    read -r -p "Install? [y/N] " a; [[ "$a" == "y" ]] || exit 1
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/restic-backup.service" <<UNIT
[Unit]
Description=restic backup (encrypted-backup-restic skill)
[Service]
Type=oneshot
Environment=RESTIC_REPOSITORY=$RESTIC_REPOSITORY
Environment=RESTIC_PASSWORD_FILE=${RESTIC_PASSWORD_FILE:-}
EnvironmentFile=-%h/.config/restic/aws.env
ExecStart=$HERE/scripts/backup.sh run
UNIT
    cat > "$UNIT_DIR/restic-backup.timer" <<UNIT
[Unit]
Description=daily restic backup
[Timer]
OnCalendar=*-*-* 02:30
Persistent=true
[Install]
WantedBy=timers.target
UNIT
    systemctl --user daemon-reload
    systemctl --user enable --now restic-backup.timer
    echo "Installed. Remove with: backup.sh timer-remove" ;;
  timer-remove)
    systemctl --user disable --now restic-backup.timer 2>/dev/null || true
    rm -f "$UNIT_DIR"/restic-backup.{service,timer}
    systemctl --user daemon-reload
    echo "Removed." ;;
  *) echo "usage: backup.sh init|run|timer-install|timer-remove"; exit 2 ;;
esac
