#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PLIST="$HOME/Library/LaunchAgents/com.zettelmirror.plist"

case "${1:-}" in
  --install)
    src=$2; dst=$3
    sed -e "s#__SCRIPT__#$HERE/mirror.sh#" -e "s#__SRC__#$src#" -e "s#__DST__#$dst#" -e "s#__HOME__#$HOME#g" \
      "$HERE/../assets/com.zettelmirror.plist" > "$PLIST"
    launchctl bootstrap "gui/$(id -u)" "$PLIST"
    echo "installed LaunchAgent $PLIST (every 15 min). Remove with: $0 --uninstall"
    ;;
  --uninstall)
    launchctl bootout "gui/$(id -u)" "$PLIST" 2>/dev/null || true
    rm -f "$PLIST"
    echo "removed $PLIST"
    ;;
  *)
    src=$1; dst=$2; extra=()
    [ "${3:-}" = "--delete" ] && extra=(--delete)
    rsync -a "${extra[@]}" --exclude '.obsidian/workspace*' --exclude '.trash/' "${src%/}/" "${dst%/}/"
    echo "$(date '+%F %T') mirrored $src -> $dst"
    ;;
esac
