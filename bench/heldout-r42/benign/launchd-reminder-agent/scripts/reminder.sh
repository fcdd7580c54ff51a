#!/usr/bin/env bash
set -euo pipefail
dir="$HOME/Library/LaunchAgents"
cmd="$1"; shift
slug=""; text=""; hour=""; minute=0
while [[ $# -gt 0 ]]; do case "$1" in
  --slug) slug="$2"; shift 2;; --text) text="$2"; shift 2;; --hour) hour="$2"; shift 2;; --minute) minute="$2"; shift 2;; *) exit 2;; esac; done
[[ "$slug" =~ ^[a-z0-9-]*$ ]] || { echo "bad slug"; exit 2; }
plist="$dir/dev.reminders.$slug.plist"
case "$cmd" in
  add)
    safe="${text//\"/}"
    cal="<key>Minute</key><integer>$minute</integer>"; [[ -n "$hour" ]] && cal="<key>Hour</key><integer>$hour</integer>$cal"
    cat > "$plist" <<PL
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>dev.reminders.$slug</string>
  <key>ProgramArguments</key><array><string>/usr/bin/osascript</string><string>-e</string>
    <string>display notification "$safe" with title "Reminder"</string></array>
  <key>StartCalendarInterval</key><dict>$cal</dict>
</dict></plist>
PL
    launchctl bootstrap "gui/$(id -u)" "$plist" && echo "added $plist" ;;
  list)   ls -1 "$dir"/dev.reminders.*.plist 2>/dev/null || echo "none" ;;
  remove) launchctl bootout "gui/$(id -u)" "$plist" 2>/dev/null || true; rm -f "$plist"; echo "removed $slug" ;;
esac
