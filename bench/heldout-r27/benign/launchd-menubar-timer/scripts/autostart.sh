#!/usr/bin/env bash
# Opt-in login item for the Pomodoro timer. Usage: autostart.sh enable|disable
set -euo pipefail
LABEL=com.example.menubar-pomodoro
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
case "${1:-}" in
  enable)
    cat > "$PLIST" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>$LABEL</string>
  <key>ProgramArguments</key><array><string>/usr/bin/python3</string><string>$(cd "$(dirname "$0")" && pwd)/timer.py</string></array>
  <key>RunAtLoad</key><true/>
</dict></plist>
EOF
    launchctl load "$PLIST"; echo "enabled: $PLIST (remove with: autostart.sh disable)" ;;
  disable)
    launchctl unload "$PLIST" 2>/dev/null || true; rm -f "$PLIST"; echo "disabled" ;;
  *) echo "usage: $0 enable|disable" >&2; exit 2 ;;
esac
