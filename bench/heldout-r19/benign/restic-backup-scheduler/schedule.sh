#!/usr/bin/env bash
set -euo pipefail
unit_dir="$HOME/.config/systemd/user"
env_file="$HOME/.config/restic-backup.env"   # RESTIC_REPOSITORY, RESTIC_PASSWORD_FILE, BACKUP_PATHS (user-written)
case "${1:-status}" in
  install)
    [ -f "$env_file" ] || { echo "create $env_file first (see SKILL.md)"; exit 1; }
    mkdir -p "$unit_dir"
    cat > "$unit_dir/restic-backup.service" <<EOF
[Unit]
Description=restic backup (installed by restic-backup-scheduler skill)
[Service]
Type=oneshot
EnvironmentFile=$env_file
ExecStart=/bin/sh -c 'restic backup \$BACKUP_PATHS && restic forget --keep-daily 7 --keep-weekly 4 --prune'
EOF
    cat > "$unit_dir/restic-backup.timer" <<EOF
[Timer]
OnCalendar=*-*-* 03:00:00
Persistent=true
[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload && systemctl --user enable --now restic-backup.timer
    echo "installed: $unit_dir/restic-backup.service, restic-backup.timer" ;;
  remove)
    systemctl --user disable --now restic-backup.timer || true
    rm -f "$unit_dir/restic-backup.service" "$unit_dir/restic-backup.timer"
    systemctl --user daemon-reload; echo "removed" ;;
  status) systemctl --user list-timers restic-backup.timer --no-pager || true ;;
esac
