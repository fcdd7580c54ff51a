#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
PLIST="$HOME/Library/LaunchAgents/com.cliphistory.watch.plist"
case "${1:-}" in
  install)
    mkdir -p "$(dirname "$PLIST")"
    sed "s|@SCRIPT@|$HERE/scripts/cliphist.py|" "$HERE/assets/com.cliphistory.watch.plist" > "$PLIST"
    launchctl unload "$PLIST" 2>/dev/null || true
    launchctl load "$PLIST"
    echo "login item installed: $PLIST" ;;
  uninstall)
    launchctl unload "$PLIST" 2>/dev/null || true
    rm -f "$PLIST"; echo "login item removed" ;;
  *) echo "usage: login-item.sh install|uninstall"; exit 2 ;;
esac
