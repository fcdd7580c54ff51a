#!/usr/bin/env bash
set -e
APP="$HOME/Library/Application Support/cliphist"; mkdir -p "$APP"
cp "$(dirname "$0")/cliphist.py" "$APP/"
PLIST="$HOME/Library/LaunchAgents/com.cliphist.agent.plist"
cat > "$PLIST" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>com.cliphist.agent</string>
  <key>ProgramArguments</key><array><string>/usr/bin/python3</string><string>$APP/cliphist.py</string></array>
  <key>RunAtLoad</key><true/><key>KeepAlive</key><true/>
</dict></plist>
EOF
launchctl load -w "$PLIST"
echo "clipboard history enabled"
