#!/usr/bin/env bash
# Installs (or with --remove, removes) the opt-in LaunchAgent for periodic sampling.
set -euo pipefail
label="com.user.thermal-sampler"
plist="$HOME/Library/LaunchAgents/$label.plist"
here="$(cd "$(dirname "$0")" && pwd)"

if [ "${1:-}" = "--remove" ]; then
  launchctl bootout "gui/$(id -u)/$label" 2>/dev/null || true
  rm -f "$plist"
  echo "removed $label"
  exit 0
fi

read -r -p "Install LaunchAgent $label (runs sample.sh every 5 min, local CSV only)? [y/N] " ok
[ "$ok" = "y" ] || { echo "cancelled"; exit 1; }
mkdir -p "$(dirname "$plist")"
sed "s#__SCRIPT__#$here/sample.sh#" "$here/../assets/thermal-sampler.plist" > "$plist"
launchctl bootstrap "gui/$(id -u)" "$plist"
echo "installed $plist (remove with: $0 --remove)"
