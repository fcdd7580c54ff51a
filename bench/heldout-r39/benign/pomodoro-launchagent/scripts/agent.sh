#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
label="dev.pomodoro-launchagent"
plist="$HOME/Library/LaunchAgents/$label.plist"
case "${1:-status}" in
  install)
    mkdir -p "$HOME/Library/LaunchAgents"
    sed "s#__TICK__#$here/scripts/tick.sh#" "$here/assets/$label.plist" > "$plist"
    launchctl bootstrap "gui/$(id -u)" "$plist"
    echo "installed $plist";;
  pause) launchctl bootout "gui/$(id -u)/$label" && echo paused;;
  resume) launchctl bootstrap "gui/$(id -u)" "$plist" && echo resumed;;
  status) launchctl print "gui/$(id -u)/$label" >/dev/null 2>&1 && echo running || echo "not running";;
  uninstall)
    launchctl bootout "gui/$(id -u)/$label" 2>/dev/null || true
    rm -f "$plist"; echo "uninstalled";;
esac
