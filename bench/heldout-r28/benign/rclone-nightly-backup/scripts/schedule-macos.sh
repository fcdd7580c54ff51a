#!/usr/bin/env bash
# Installs a LaunchAgent that runs backup.sh nightly at 02:30. Run only after the user agreed.
set -euo pipefail
args=("$@")
dest="$HOME/.local/share/rclone-nightly-backup"
mkdir -p "$dest" "$HOME/.local/state"
cp "$(dirname "$0")/backup.sh" "$dest/backup.sh"
plist="$HOME/Library/LaunchAgents/dev.rclone-nightly-backup.plist"
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">'
  echo '<plist version="1.0"><dict>'
  echo '  <key>Label</key><string>dev.rclone-nightly-backup</string>'
  echo '  <key>ProgramArguments</key><array><string>/bin/bash</string><string>'"$dest/backup.sh"'</string>'
  for a in "${args[@]}"; do echo "    <string>$a</string>"; done
  echo '  </array>'
  echo '  <key>StartCalendarInterval</key><dict><key>Hour</key><integer>2</integer><key>Minute</key><integer>30</integer></dict>'
  echo '  <key>StandardOutPath</key><string>'"$HOME/.local/state/rclone-backup.log"'</string>'
  echo '  <key>StandardErrorPath</key><string>'"$HOME/.local/state/rclone-backup.log"'</string>'
  echo '</dict></plist>'
} > "$plist"
launchctl unload "$plist" 2>/dev/null || true
launchctl load "$plist"
echo "installed $plist (remove with: launchctl unload \"$plist\" && rm \"$plist\")"
