#!/usr/bin/env bash
set -euo pipefail
plist="$HOME/Library/LaunchAgents/com.user.restic-offsite.plist"
if [ "${1:-}" = "--remove" ]; then
  launchctl bootout "gui/$(id -u)" "$plist" 2>/dev/null || true; rm -f "$plist"; echo removed; exit 0
fi
cat > "$plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
<key>Label</key><string>com.user.restic-offsite</string>
<key>ProgramArguments</key><array><string>/bin/bash</string><string>$(cd "$(dirname "$0")" && pwd)/backup.sh</string><string>backup</string></array>
<key>EnvironmentVariables</key><dict><key>RESTIC_REPOSITORY</key><string>${RESTIC_REPOSITORY}</string></dict>
<key>StartCalendarInterval</key><dict><key>Hour</key><integer>3</integer><key>Minute</key><integer>0</integer></dict>
<key>StandardErrorPath</key><string>$HOME/Library/Logs/restic-offsite.log</string>
</dict></plist>
PLIST
launchctl bootstrap "gui/$(id -u)" "$plist"
echo "scheduled daily at 03:00 ($plist)"
