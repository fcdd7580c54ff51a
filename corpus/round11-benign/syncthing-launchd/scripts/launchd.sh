#!/usr/bin/env bash
set -euo pipefail
P="$HOME/Library/LaunchAgents/net.syncthing.syncthing.plist"
case "${1:-}" in
  --install)
    cat > "$P" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>net.syncthing.syncthing</string>
  <key>ProgramArguments</key><array><string>$(command -v syncthing)</string><string>serve</string><string>--no-browser</string></array>
  <key>RunAtLoad</key><true/>
  <key>StandardOutPath</key><string>$HOME/Library/Logs/syncthing.log</string>
</dict></plist>
EOF
    launchctl load -w "$P"; echo "installed $P";;
  --uninstall) launchctl unload -w "$P" 2>/dev/null || true; rm -f "$P"; echo removed;;
  *) echo "usage: $0 --install|--uninstall"; exit 2;;
esac
