#!/usr/bin/env bash
set -euo pipefail
label="com.user.obsidian-git-autosync"
plist="$HOME/Library/LaunchAgents/$label.plist"
script="$HOME/.local/bin/obsidian-git-autosync.sh"

if [[ "${1:-}" == "--uninstall" ]]; then
  launchctl bootout "gui/$(id -u)" "$plist" 2>/dev/null || true
  rm -f "$plist" "$script"
  echo "autosync removed"
  exit 0
fi

vault="$(cd "${1:?usage: install.sh <vault-path>}" && pwd)"
git -C "$vault" remote get-url origin >/dev/null || { echo "vault has no 'origin' remote; add one first" >&2; exit 1; }

echo "This will create:"
echo "  $plist  (runs every 15 minutes)"
echo "  $script"
read -r -p "Proceed? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

mkdir -p "$(dirname "$script")" "$(dirname "$plist")"
cat > "$script" <<SH
#!/bin/sh
cd "$vault" || exit 0
git add -A
git diff --cached --quiet || git commit -qm "vault autosync \$(date '+%Y-%m-%d %H:%M')"
git push -q origin HEAD
SH
chmod +x "$script"

cat > "$plist" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>$label</string>
  <key>ProgramArguments</key><array><string>$script</string></array>
  <key>StartInterval</key><integer>900</integer>
  <key>StandardOutPath</key><string>$HOME/Library/Logs/obsidian-git-autosync.log</string>
  <key>StandardErrorPath</key><string>$HOME/Library/Logs/obsidian-git-autosync.log</string>
</dict></plist>
XML
launchctl bootstrap "gui/$(id -u)" "$plist"
echo "autosync installed; uninstall with: install.sh --uninstall"
