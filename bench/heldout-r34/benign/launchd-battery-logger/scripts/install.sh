#!/bin/bash
set -euo pipefail
label="dev.batterylog"
plist="$HOME/Library/LaunchAgents/$label.plist"
here="$(cd "$(dirname "$0")" && pwd)"

if [[ "${1:-}" == "--uninstall" ]]; then
  launchctl bootout "gui/$(id -u)/$label" 2>/dev/null || true
  rm -f "$plist"
  echo "Removed $plist (CSV kept at ~/Library/Logs/batterylog.csv)"
  exit 0
fi

echo "This will install $plist to sample battery health every 30 minutes."
read -r -p "Proceed? [y/N] " ok
[[ "$ok" == [yY] ]] || { echo "Cancelled."; exit 0; }

mkdir -p "$HOME/Library/LaunchAgents"
sed "s#__SAMPLE__#$here/sample.sh#" "$here/../assets/dev.batterylog.plist" > "$plist"
launchctl bootstrap "gui/$(id -u)" "$plist"
echo "Installed. Uninstall with: bash $here/install.sh --uninstall"
