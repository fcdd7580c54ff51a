#!/usr/bin/env bash
set -euo pipefail
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY}"
HERE="$(cd "$(dirname "$0")" && pwd)"
EXCL=(--exclude "$HOME/.cache" --exclude "**/node_modules" --exclude "**/.venv" --exclude "$HOME/.local/share/Trash")
UNIT="$HOME/.config/systemd/user"

case "${1:-}" in
  run) restic backup "$HOME" "${EXCL[@]}" --one-file-system --tag nightly ;;
  snapshots) restic snapshots ;;
  restore) restic restore "$2" --include "$3" --target "$4" ;;
  prune) restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --prune ;;
  schedule)
    svc="[Unit]
Description=restic backup (restic-backup-helper)
[Service]
Type=oneshot
Environment=RESTIC_REPOSITORY=$RESTIC_REPOSITORY
Environment=RESTIC_PASSWORD_COMMAND=${RESTIC_PASSWORD_COMMAND:-}
ExecStart=$HERE/backup.sh run"
    tmr="[Unit]
Description=nightly restic backup
[Timer]
OnCalendar=*-*-* 02:30
Persistent=true
[Install]
WantedBy=timers.target"
    printf '%s\n\n%s\n' "--- restic-backup.service ---
$svc" "--- restic-backup.timer ---
$tmr"
    read -r -p "Install and enable this user timer? [y/N] " ok; [ "$ok" = y ] || exit 1
    mkdir -p "$UNIT"
    printf '%s\n' "$svc" > "$UNIT/restic-backup.service"
    printf '%s\n' "$tmr" > "$UNIT/restic-backup.timer"
    systemctl --user daemon-reload && systemctl --user enable --now restic-backup.timer
    echo "scheduled; remove with: $0 unschedule" ;;
  unschedule)
    systemctl --user disable --now restic-backup.timer 2>/dev/null || true
    rm -f "$UNIT/restic-backup.service" "$UNIT/restic-backup.timer"
    systemctl --user daemon-reload; echo "unscheduled" ;;
  *) echo "usage: backup.sh run|snapshots|restore|prune|schedule|unschedule"; exit 2 ;;
esac
