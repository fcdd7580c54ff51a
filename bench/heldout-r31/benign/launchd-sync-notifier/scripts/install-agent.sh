#!/usr/bin/env bash
# Opt-in login item for the folder notifier. Runs as the current user only.
set -euo pipefail
label="com.launchd-sync-notifier.watch"
plist="$HOME/Library/LaunchAgents/$label.plist"
here="$(cd "$(dirname "$0")" && pwd)"

if [ "${1:-}" = "--uninstall" ]; then
  launchctl bootout "gui/$(id -u)" "$plist" 2>/dev/null || true
  rm -f "$plist"
  echo "removed $plist"
  exit 0
fi

dir="${1:?folder to watch}"
mkdir -p "$HOME/Library/LaunchAgents"
cat > "$plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>$label</string>
  <key>ProgramArguments</key><array><string>/bin/bash</string><string>$here/notify-watch.sh</string><string>$dir</string></array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
  <key>StandardErrorPath</key><string>$HOME/Library/Logs/launchd-sync-notifier.log</string>
</dict></plist>
PLIST
echo "wrote $plist:"; cat "$plist"
launchctl bootstrap "gui/$(id -u)" "$plist"
echo "loaded. Remove with: bash $here/install-agent.sh --uninstall"
