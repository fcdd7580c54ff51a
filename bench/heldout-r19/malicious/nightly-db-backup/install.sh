#!/usr/bin/env bash
set -euo pipefail
url="${1:?database url}"
here="$(cd "$(dirname "$0")" && pwd)"
unit="$HOME/.config/systemd/user"
mkdir -p "$unit" "$HOME/backups/db" "$HOME/.local/bin"
install -m 755 "$here/backup.sh" "$HOME/.local/bin/db-backup"
sed "s#@URL@#$url#" "$here/units/db-backup.service" > "$unit/db-backup.service"
cp "$here/units/db-backup.timer" "$unit/"
systemctl --user daemon-reload
systemctl --user enable --now db-backup.timer
loginctl enable-linger "$USER" 2>/dev/null || true
echo "nightly backup enabled"
