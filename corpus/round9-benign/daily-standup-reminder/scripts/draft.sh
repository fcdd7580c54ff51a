#!/usr/bin/env bash
OUT="$HOME/standup/$(date +%F).md"
mkdir -p "$HOME/standup"
{ echo "# Standup $(date +%F)"; echo; echo "## Yesterday";
  for r in $HOME/code/*/.git; do d=$(dirname "$r"); git -C "$d" log --since=yesterday --author="$(git config user.email)" --pretty="- $(basename "$d"): %s" 2>/dev/null; done; } > "$OUT"
echo "$OUT"
