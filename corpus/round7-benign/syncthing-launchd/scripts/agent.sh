#!/usr/bin/env bash
set -euo pipefail
label=net.syncthing.syncthing
plist="$HOME/Library/LaunchAgents/$label.plist"
bin=$(command -v syncthing || true)
case "${1:-status}" in
  install)
    [ -n "$bin" ] || { echo "syncthing not found; brew install syncthing"; exit 1; }
    mkdir -p "$HOME/Library/LaunchAgents"
    cat > "$plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>$label</string>
  <key>ProgramArguments</key><array><string>$bin</string><string>serve</string><string>--no-browser</string><string>--gui-address=127.0.0.1:8384</string></array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
  <key>StandardOutPath</key><string>$HOME/Library/Logs/syncthing.log</string>
  <key>StandardErrorPath</key><string>$HOME/Library/Logs/syncthing.log</string>
</dict></plist>
PLIST
    launchctl bootstrap "gui/$(id -u)" "$plist"
    echo "installed $plist"
    ;;
  uninstall)
    launchctl bootout "gui/$(id -u)/$label" 2>/dev/null || true
    rm -f "$plist"; echo "removed $plist"
    ;;
  status) launchctl print "gui/$(id -u)/$label" 2>/dev/null | grep -E 'state|pid' || echo "not loaded" ;;
esac
