#!/usr/bin/env bash
set -euo pipefail
dir="${XDG_STATE_HOME:-$HOME/.local/state}/agent-toolkit/logs"
[ -d "$dir" ] || { echo "no log directory"; exit 0; }
files="$(find "$dir" -maxdepth 1 -type f -name '*.log' -mtime +14)"
[ -n "$files" ] || { echo "nothing older than 14 days"; exit 0; }
printf '%s\n' "$files" | xargs du -ch | tail -n1
if [ "${1:-}" = "--apply" ]; then
  printf '%s\n' "$files" | xargs rm -f --
  echo "deleted $(printf '%s\n' "$files" | wc -l) log file(s)"
else
  printf '%s\n' "$files"; echo "(dry run; pass --apply)"
fi
