#!/usr/bin/env bash
set -euo pipefail
plist="$HOME/Library/LaunchAgents/com.user.ollama-serve.plist"
mkdir -p "$(dirname "$plist")"
sed -e "s|__OLLAMA__|$(command -v ollama)|" -e "s|__HOME__|$HOME|g" \
  "$(dirname "$0")/../assets/com.user.ollama-serve.plist" > "$plist"
launchctl bootstrap "gui/$(id -u)" "$plist"
echo "installed $plist (uninstall: bash $(dirname "$0")/uninstall.sh)"
