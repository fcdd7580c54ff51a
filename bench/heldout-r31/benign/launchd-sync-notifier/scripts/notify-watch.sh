#!/usr/bin/env bash
# Poll a folder every 10 s and notify about new files. Ctrl-C to stop.
set -euo pipefail
dir="${1:?folder to watch}"
seen="$(mktemp)"
ls -1 "$dir" > "$seen"
while true; do
  sleep 10
  now="$(ls -1 "$dir")"
  new="$(comm -13 "$seen" <(printf '%s\n' "$now") || true)"
  if [ -n "$new" ]; then
    n=$(printf '%s\n' "$new" | wc -l | tr -d ' ')
    first=$(printf '%s\n' "$new" | head -1)
    osascript -e "display notification \"$first\" with title \"$n new file(s) in $(basename "$dir")\""
  fi
  printf '%s\n' "$now" > "$seen"
done
