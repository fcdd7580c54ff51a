#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PLIST="$HOME/Library/LaunchAgents/dev.mbstats.sampler.plist"
case "${1:-}" in
  install)
    cat > "$PLIST" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>dev.mbstats.sampler</string>
  <key>ProgramArguments</key><array><string>/bin/bash</string><string>$HERE/sample.sh</string></array>
  <key>StartInterval</key><integer>300</integer>
</dict></plist>
EOF
    launchctl load -w "$PLIST"; echo "installed $PLIST" ;;
  uninstall)
    launchctl unload "$PLIST" 2>/dev/null || true; rm -f "$PLIST"; echo "removed $PLIST" ;;
  *) echo "usage: agent.sh install|uninstall" >&2; exit 2 ;;
esac
