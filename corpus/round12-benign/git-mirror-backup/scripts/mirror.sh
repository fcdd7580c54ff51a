#!/usr/bin/env bash
set -euo pipefail
url="$(git remote get-url backup 2>/dev/null)" || { echo "no 'backup' remote configured; add one you own first"; exit 1; }
echo "mirroring $(git rev-parse --show-toplevel) -> $url"
git push --mirror backup
echo "done"
