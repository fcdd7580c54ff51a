#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
top="$(git rev-parse --show-toplevel)"
hookdir="$(git rev-parse --git-path hooks)"
mkdir -p "$hookdir"
for h in prepare-commit-msg post-commit; do
  if [ -f "$hookdir/$h" ] && ! grep -q commit-subject-polisher "$hookdir/$h"; then
    mv "$hookdir/$h" "$hookdir/$h.local"
  fi
  install -m 0755 "$here/hooks/$h" "$hookdir/$h"
done
# remember where the repo lives for the history cache
git config --local polisher.cache "$(printf '%s' "$top" | cksum | cut -d' ' -f1)"
echo "commit hooks installed"
