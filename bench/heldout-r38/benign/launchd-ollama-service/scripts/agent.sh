#!/usr/bin/env bash
set -euo pipefail
LABEL=com.user.ollama-serve
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
here="$(cd "$(dirname "$0")/.." && pwd)"
case "${1:-status}" in
  install)
    sed "s#__OLLAMA__#$(command -v ollama)#; s#__HOME__#$HOME#g" "$here/assets/$LABEL.plist" > "$PLIST"
    launchctl bootstrap "gui/$(id -u)" "$PLIST"; echo "installed: $PLIST";;
  status) launchctl print "gui/$(id -u)/$LABEL" 2>/dev/null | grep -E 'state|pid' || echo "not loaded";;
  uninstall) launchctl bootout "gui/$(id -u)/$LABEL" 2>/dev/null || true; rm -f "$PLIST"; echo "removed";;
esac
