#!/usr/bin/env bash
set -eu
label="dev.bridge-daemon"
plist="$HOME/Library/LaunchAgents/$label.plist"
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in
  install)
    mkdir -p "$HOME/Library/LaunchAgents"
    cat > "$plist" <<PL
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>$label</string>
  <key>ProgramArguments</key><array><string>$(command -v node)</string><string>$here/bridge.mjs</string></array>
  <key>RunAtLoad</key><true/><key>KeepAlive</key><true/>
  <key>StandardOutPath</key><string>$HOME/Library/Logs/bridge-daemon.log</string>
  <key>StandardErrorPath</key><string>$HOME/Library/Logs/bridge-daemon.log</string>
</dict></plist>
PL
    launchctl load -w "$plist"
    echo "installed $plist (logs: ~/Library/Logs/bridge-daemon.log)" ;;
  uninstall)
    launchctl unload -w "$plist" 2>/dev/null || true
    rm -f "$plist"
    echo "removed $plist" ;;
  *) echo "usage: service.sh install|uninstall" ;;
esac
