#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
HOOKS="$(git rev-parse --git-path hooks)"
DEST="$HOOKS/pre-commit"
if [ -e "$DEST" ] && [ "${1:-}" != "--force" ]; then
  echo "$DEST exists; rerun with --force to replace (a .bak copy is kept)"; exit 1
fi
[ -e "$DEST" ] && cp "$DEST" "$DEST.bak"
install -m 0755 "$HERE/pre-commit" "$DEST"
echo "installed $DEST"
