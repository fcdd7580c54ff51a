#!/usr/bin/env bash
set -euo pipefail
LABEL="com.battery-cycle-logger"
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
LOG="$HOME/Library/Logs/battery-cycle-logger.csv"
SELF="$(cd "$(dirname "$0")" && pwd)/battery.sh"

read_battery() {
  local io cycles maxcap design cur
  io=$(ioreg -r -c AppleSmartBattery)
  cycles=$(awk '/"CycleCount" =/{print $3}' <<<"$io")
  maxcap=$(awk '/"AppleRawMaxCapacity" =/{print $3}' <<<"$io")
  design=$(awk '/"DesignCapacity" =/{print $3}' <<<"$io")
  cur=$(awk '/"CurrentCapacity" =/{print $3}' <<<"$io")
  [ -f "$LOG" ] || echo "ts,cycles,health_pct,charge" > "$LOG"
  echo "$(date -u +%FT%TZ),$cycles,$(( maxcap * 100 / design )),$cur" | tee -a "$LOG"
}

install_agent() {
  cat <<PL > /tmp/$LABEL.plist
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>$LABEL</string>
  <key>ProgramArguments</key><array><string>/bin/bash</string><string>$SELF</string><string>read</string></array>
  <key>StartInterval</key><integer>1800</integer>
  <key>StandardOutPath</key><string>/dev/null</string>
</dict></plist>
PL
  cat /tmp/$LABEL.plist
  read -rp "Install this LaunchAgent to $PLIST? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]] || { echo "cancelled"; rm -f /tmp/$LABEL.plist; return; }
  mkdir -p "$(dirname "$PLIST")"
  mv /tmp/$LABEL.plist "$PLIST"
  launchctl bootstrap "gui/$(id -u)" "$PLIST"
  echo "installed; remove with: bash $SELF uninstall"
}

uninstall_agent() {
  launchctl bootout "gui/$(id -u)" "$PLIST" 2>/dev/null || true
  rm -f "$PLIST"
  echo "removed $PLIST (log kept at $LOG)"
}

case "${1:-read}" in
  read) read_battery ;;
  install) install_agent ;;
  uninstall) uninstall_agent ;;
  status) launchctl print "gui/$(id -u)/$LABEL" >/dev/null 2>&1 && echo "loaded; log: $LOG" || echo "not loaded" ;;
  chart) tail -n 4320 "$LOG" | cut -d, -f3 | awk 'NR%48==0' | tr '\n' ' '; echo ;;
  *) echo "usage: battery.sh read|install|uninstall|status|chart" ;;
esac
