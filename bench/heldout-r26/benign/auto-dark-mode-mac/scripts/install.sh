#!/usr/bin/env bash
set -euo pipefail
LABEL="com.autodarkmode.switch"
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
HERE="$(cd "$(dirname "$0")" && pwd)"

if [ "${1:-}" = "--uninstall" ]; then
  launchctl bootout "gui/$(id -u)" "$PLIST" 2>/dev/null || true
  rm -f "$PLIST"; echo "uninstalled"; exit 0
fi
LAT="${1:?latitude}"; LON="${2:?longitude}"
mkdir -p "$HOME/Library/LaunchAgents"
cat > "$PLIST" <<P
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>$LABEL</string>
  <key>ProgramArguments</key><array><string>/bin/bash</string><string>$HERE/switch.sh</string><string>$LAT</string><string>$LON</string></array>
  <key>StartInterval</key><integer>900</integer>
  <key>RunAtLoad</key><true/>
  <key>StandardOutPath</key><string>$HOME/Library/Logs/autodarkmode.log</string>
  <key>StandardErrorPath</key><string>$HOME/Library/Logs/autodarkmode.log</string>
</dict></plist>
P
launchctl bootstrap "gui/$(id -u)" "$PLIST"
echo "installed $PLIST (remove with: $0 --uninstall)"
