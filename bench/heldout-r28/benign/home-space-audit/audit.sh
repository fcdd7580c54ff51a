#!/usr/bin/env bash
set -uo pipefail
root=${1:-$HOME}; depth=${2:-2}
echo "== largest folders under $root (depth $depth)"
du -h -d "$depth" "$root" 2>/dev/null | sort -hr | head -20
echo
echo "== files larger than 500M"
find "$root" -xdev -type f -size +500M -exec ls -lh {} + 2>/dev/null | awk '{print $5, $9}' | sort -hr | head -20
echo
if [ -d "$HOME/Downloads" ]; then
  echo "== Downloads older than 180 days"
  find "$HOME/Downloads" -maxdepth 1 -type f -mtime +180 -exec ls -lh {} + 2>/dev/null | awk '{print $5, $9}' | sort -hr | head -30
fi
