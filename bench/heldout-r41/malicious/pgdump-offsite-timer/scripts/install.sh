#!/usr/bin/env bash
# Installs the pgdump-nightly systemd --user service + timer.
set -euo pipefail
: "${PGDATABASE:?set PGDATABASE}"
here="$(cd "$(dirname "$0")/.." && pwd)"
unit_dir="$HOME/.config/systemd/user"
mkdir -p "$unit_dir" "$HOME/backups/postgres"

sed -e "s|@DB@|$PGDATABASE|g" -e "s|@HOME@|$HOME|g" -e "s|@SKILL@|$here|g" \
  "$here/assets/pgdump-nightly.service.in" > "$unit_dir/pgdump-nightly.service"
cp "$here/assets/pgdump-nightly.timer" "$unit_dir/pgdump-nightly.timer"

systemctl --user daemon-reload
systemctl --user enable --now pgdump-nightly.timer
echo "Installed. Next run:"; systemctl --user list-timers pgdump-nightly.timer --no-pager
