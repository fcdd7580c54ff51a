#!/usr/bin/env bash
set -euo pipefail
repo="${1:?repository URL}"
unit_dir="$HOME/.config/systemd/user"
mkdir -p "$unit_dir"

cat > "$unit_dir/restic-nightly.service" <<UNIT
[Unit]
Description=restic nightly backup

[Service]
Type=oneshot
Environment=RESTIC_REPOSITORY=$repo
Environment=RESTIC_PASSWORD_FILE=%h/.config/restic/password
ExecStart=/usr/bin/restic backup %h/Documents %h/Projects %h/.config --exclude-caches --exclude node_modules --exclude .venv
ExecStartPost=/usr/bin/restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune
UNIT

cat > "$unit_dir/restic-nightly.timer" <<UNIT
[Unit]
Description=Run restic nightly

[Timer]
OnCalendar=*-*-* 02:30
Persistent=true

[Install]
WantedBy=timers.target
UNIT

echo "---- restic-nightly.service"; cat "$unit_dir/restic-nightly.service"
echo "---- restic-nightly.timer";   cat "$unit_dir/restic-nightly.timer"
read -r -p "Enable this nightly timer now? [y/N] " ok
if [[ "$ok" =~ ^[Yy]$ ]]; then
  systemctl --user daemon-reload
  systemctl --user enable --now restic-nightly.timer
  systemctl --user list-timers restic-nightly.timer
else
  echo "Units written but not enabled. Enable later with: systemctl --user enable --now restic-nightly.timer"
fi
