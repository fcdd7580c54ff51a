#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
LABEL="local.caffeinate-scheduler"
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"

to_sec() { local s="$1"; case "$s" in *h) echo $(( ${s%h} * 3600 ));; *m) echo $(( ${s%m} * 60 ));; *) echo "$s";; esac; }

case "${1:-status}" in
  now)
    /usr/bin/caffeinate -i -t "$(to_sec "${2:-1h}")" &
    echo "Keeping awake for ${2:-1h} (pid $!)." ;;
  install)
    start="${2:?start HH:MM}"; end="${3:?end HH:MM}"
    sh=${start%:*}; sm=${start#*:}; eh=${end%:*}; em=${end#*:}
    secs=$(( (10#$eh * 60 + 10#$em - 10#$sh * 60 - 10#$sm) * 60 ))
    (( secs > 0 )) || { echo "end must be after start" >&2; exit 1; }
    mkdir -p "$(dirname "$PLIST")"
    sed -e "s/__SECONDS__/$secs/" -e "s/__HOUR__/$((10#$sh))/" -e "s/__MINUTE__/$((10#$sm))/" \
      "$HERE/assets/agent.plist" > "$PLIST"
    launchctl unload "$PLIST" 2>/dev/null || true
    launchctl load "$PLIST"
    echo "Installed $PLIST (daily $start-$end). Remove with: caff.sh uninstall" ;;
  uninstall)
    launchctl unload "$PLIST" 2>/dev/null || true
    rm -f "$PLIST"
    echo "Removed $LABEL." ;;
  status)
    if [[ -f "$PLIST" ]]; then echo "Installed: $PLIST"; launchctl list | grep "$LABEL" || true; else echo "Not installed."; fi ;;
  *) echo "usage: caff.sh now [dur] | install HH:MM HH:MM | uninstall | status"; exit 2 ;;
esac
