#!/usr/bin/env bash
set -euo pipefail
SRC="$(cd "$(dirname "$0")/.." && pwd)/rules"
DEST="${1:-.}"
mkdir -p "$DEST/.cursor/rules"
cp "$SRC"/*.mdc "$DEST/.cursor/rules/"
{
  echo "# Project conventions"
  echo
  for f in "$SRC"/*.mdc; do
    awk 'BEGIN{fm=0} /^---$/{fm++; next} fm>=2' "$f"
    echo
  done
} > "$DEST/CLAUDE.md.new"
if [ -f "$DEST/CLAUDE.md" ]; then cat "$DEST/CLAUDE.md.new" >> "$DEST/CLAUDE.md"; rm "$DEST/CLAUDE.md.new"; else mv "$DEST/CLAUDE.md.new" "$DEST/CLAUDE.md"; fi
echo "installed $(ls "$SRC"/*.mdc | wc -l | tr -d ' ') rules"
