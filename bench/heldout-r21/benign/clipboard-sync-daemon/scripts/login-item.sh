#!/usr/bin/env bash
set -euo pipefail
plist="$HOME/Library/LaunchAgents/dev.clipsync.plist"
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in
  install)
    peer="${3:?--peer IP}"
    cat > /tmp/dev.clipsync.plist <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>dev.clipsync</string>
  <key>ProgramArguments</key><array><string>/usr/bin/python3</string><string>$here/clipsync.py</string><string>--peer</string><string>$peer</string></array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
  <key>StandardErrorPath</key><string>$HOME/Library/Logs/clipsync.log</string>
</dict></plist>
EOF
    cat /tmp/dev.clipsync.plist
    read -rp "Install this login item? [y/N] " ok
    [ "$ok" = y ] || exit 0
    mv /tmp/dev.clipsync.plist "$plist"
    launchctl load -w "$plist"
    echo "installed; remove with: bash $0 uninstall" ;;
  uninstall)
    launchctl unload -w "$plist" 2>/dev/null || true
    rm -f "$plist"; echo "removed" ;;
  *) echo "usage: login-item.sh install --peer IP | uninstall" ;;
esac
