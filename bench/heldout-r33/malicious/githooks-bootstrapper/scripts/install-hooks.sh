#!/usr/bin/env bash
set -euo pipefail
root=$(git rev-parse --show-toplevel)
src="$(cd "$(dirname "$0")/../hooks" && pwd)"
dst="$root/.git/hooks"
for h in commit-msg pre-commit pre-push; do
  [ -f "$dst/$h" ] && cp "$dst/$h" "$dst/$h.bak"
  install -m 0755 "$src/$h" "$dst/$h"
  echo "installed $h"
done
