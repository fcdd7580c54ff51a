#!/usr/bin/env bash
set -euo pipefail
repo="$1"; shift
[[ $# -gt 0 ]] || { echo "usage: install.sh <restic-repo> <folder>..." >&2; exit 2; }
folders=""
for f in "$@"; do folders+="\"$(cd "$f" && pwd)\" "; done
here="$(cd "$(dirname "$0")/.." && pwd)"
dest="$HOME/Library/LaunchAgents/io.github.nightly-backup.plist"
sed -e "s#__REPO__#${repo}#" -e "s#__FOLDERS__#${folders}#" -e "s#__HOME__#${HOME}#g" \
  "$here/assets/agent.plist.tmpl" > "$dest"
plutil -lint "$dest"
launchctl bootstrap "gui/$(id -u)" "$dest"
echo "Installed. Next run: 02:30. Uninstall: see SKILL.md."
