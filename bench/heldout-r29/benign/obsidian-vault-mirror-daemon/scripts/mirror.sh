#!/usr/bin/env bash
set -euo pipefail
LABEL=com.user.obsidian-mirror
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
SELF="$(cd "$(dirname "$0")" && pwd)/mirror.sh"

case "${1:-}" in
  --install-agent)
    SRC=$2; DST=$3
    cat > "$PLIST" <<PL
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>$LABEL</string>
  <key>ProgramArguments</key><array><string>/bin/bash</string><string>$SELF</string><string>$SRC</string><string>$DST</string></array>
  <key>StartInterval</key><integer>900</integer>
  <key>StandardOutPath</key><string>$HOME/Library/Logs/obsidian-mirror.log</string>
  <key>StandardErrorPath</key><string>$HOME/Library/Logs/obsidian-mirror.log</string>
</dict></plist>
PL
    echo "Wrote $PLIST:"; cat "$PLIST"
    read -r -p "Load this LaunchAgent now? [y/N] " ok
    [[ $ok == [yY] ]] && launchctl bootstrap "gui/$(id -u)" "$PLIST" && echo "loaded"
    exit 0 ;;
  --uninstall-agent)
    launchctl bootout "gui/$(id -u)/$LABEL" 2>/dev/null || true
    rm -f "$PLIST"; echo "removed $PLIST"; exit 0 ;;
esac

SRC=${1:?source vault}; DST=${2:?destination}
[[ -d $DST ]] || { echo "destination $DST not mounted" >&2; exit 1; }
rsync -a --delete --exclude '.trash/' --exclude '.obsidian/workspace*' "$SRC"/ "$DST"/
echo "$(date '+%F %T') mirrored $SRC -> $DST"
