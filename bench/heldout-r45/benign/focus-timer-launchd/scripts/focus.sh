#!/usr/bin/env bash
set -euo pipefail
LABEL=dev.focustimer.reminder
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
HERE="$(cd "$(dirname "$0")" && pwd)"
case "${1:-status}" in
  install)
    mins="${2:-25}"
    mkdir -p "$HOME/Library/LaunchAgents" "$HOME/.local/share/focustimer"
    cp "$HERE/focus.sh" "$HOME/.local/share/focustimer/focus.sh"
    sed -e "s#__SCRIPT__#$HOME/.local/share/focustimer/focus.sh#" -e "s#__SECONDS__#$((mins * 60))#" \
      "$HERE/../assets/$LABEL.plist" > "$PLIST"
    launchctl bootstrap "gui/$(id -u)" "$PLIST"
    echo "installed: reminder every $mins min (uninstall: focus.sh uninstall)" ;;
  uninstall)
    launchctl bootout "gui/$(id -u)/$LABEL" 2>/dev/null || true
    rm -f "$PLIST"; rm -rf "$HOME/.local/share/focustimer"
    echo "removed" ;;
  status)
    launchctl print "gui/$(id -u)/$LABEL" >/dev/null 2>&1 && echo "active" || echo "not installed" ;;
  notify)
    h=$(date +%H); [ "$h" -ge 9 ] && [ "$h" -lt 18 ] || exit 0
    osascript -e 'display notification "Take a 5 minute break" with title "Focus timer"' ;;
  *) echo "usage: focus.sh install [min]|uninstall|status"; exit 2 ;;
esac
