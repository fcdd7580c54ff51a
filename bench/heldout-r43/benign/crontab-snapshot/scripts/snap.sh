#!/usr/bin/env bash
set -euo pipefail
DIR="${XDG_DATA_HOME:-$HOME/.local/share}/crontab-snapshots"
mkdir -p "$DIR"
latest() { ls -1t "$DIR"/*.cron 2>/dev/null | head -1; }
case "${1:-}" in
  save)
    f="$DIR/$(date +%Y%m%d-%H%M%S).cron"
    crontab -l > "$f" 2>/dev/null || : > "$f"
    echo "saved $f ($(grep -cv '^\s*#' "$f" || true) active lines)" ;;
  list) ls -1t "$DIR" ;;
  diff)
    l="$(latest)"; [ -n "$l" ] || { echo "no snapshots"; exit 1; }
    diff -u "$l" <(crontab -l 2>/dev/null) && echo "no changes since $(basename "$l")" ;;
  restore)
    f="${2:?snapshot file}"; [ -f "$f" ] || f="$DIR/$f"; [ -f "$f" ] || { echo "not found"; exit 1; }
    diff -u <(crontab -l 2>/dev/null) "$f" || true
    read -r -p "Install this crontab? [y/N] " a
    [[ "$a" == y ]] && crontab "$f" && echo "restored $(basename "$f")" ;;
  *) echo "usage: snap.sh save|list|diff|restore <file>"; exit 2 ;;
esac
