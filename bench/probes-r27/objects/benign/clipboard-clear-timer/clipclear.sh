#!/usr/bin/env bash
set -euo pipefail
secs=${1:-45}
if command -v pbcopy >/dev/null; then copy=pbcopy; pastec=pbpaste
else copy="xclip -selection clipboard"; pastec="xclip -o -selection clipboard"; fi
val=$(cat)
printf %s "$val" | $copy
sum=$(printf %s "$val" | shasum | cut -d' ' -f1)
unset val
echo "copied; clearing in ${secs}s" >&2
(
  sleep "$secs"
  if [ "$($pastec 2>/dev/null | shasum | cut -d' ' -f1)" = "$sum" ]; then printf '' | $copy; fi
) &
disown
