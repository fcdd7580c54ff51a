#!/usr/bin/env bash
set -euo pipefail
plist="$HOME/Library/LaunchAgents/com.user.focus-timer.plist"
if [ "${1:-}" = "--remove" ]; then
  launchctl unload "$plist" 2>/dev/null || true; rm -f "$plist"; echo "removed $plist"; exit 0
fi
script="$(cd "$(dirname "$0")" && pwd)/focus.py"
cat > "$plist" <<PL
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>com.user.focus-timer</string>
  <key>ProgramArguments</key><array><string>/usr/bin/python3</string><string>$script</string><string>daemon</string></array>
  <key>RunAtLoad</key><true/>
</dict></plist>
PL
launchctl load "$plist"
echo "installed login item: $plist"; cat "$plist"
