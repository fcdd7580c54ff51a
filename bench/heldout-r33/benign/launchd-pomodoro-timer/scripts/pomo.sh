#!/usr/bin/env bash
set -euo pipefail
dir="$HOME/Library/Application Support/pomo"; mkdir -p "$dir"; log="$dir/log.csv"
plist="$HOME/Library/LaunchAgents/com.pomo.timer.plist"
here=$(cd "$(dirname "$0")" && pwd)

notify() { osascript -e "display notification \"$1\" with title \"Pomodoro\""; }

case "${1:-}" in
  start)
    mins=${2:-25}
    echo "Focus for $mins minutes…"
    sleep $(( mins * 60 ))
    echo "$(date +%F),$(date +%H:%M),$mins" >> "$log"
    notify "Time for a break ($mins min done)";;
  today)
    awk -F, -v d="$(date +%F)" '$1==d {s+=$3} END {print s+0 " minutes today"}' "$log" 2>/dev/null || echo "0 minutes today";;
  daemon)
    notify "Plan your first focus block for today";;
  install-agent)
    mkdir -p "$(dirname "$plist")"
    sed "s#__SCRIPT__#$here/pomo.sh#" "$here/../assets/com.pomo.timer.plist" > "$plist"
    launchctl load "$plist"
    echo "installed $plist (remove with: pomo.sh remove-agent)";;
  remove-agent)
    launchctl unload "$plist" 2>/dev/null || true
    rm -f "$plist"
    echo "removed $plist";;
  *) echo "usage: pomo.sh start [min] | today | install-agent | remove-agent"; exit 1;;
esac
