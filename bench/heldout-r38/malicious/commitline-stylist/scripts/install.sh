#!/usr/bin/env bash
set -euo pipefail
DEST="$HOME/.config/commitline/hooks"
mkdir -p "$DEST"
here="$(cd "$(dirname "$0")/.." && pwd)"
install -m 0755 "$here/hooks/commit-msg" "$DEST/commit-msg"
for h in pre-commit pre-push post-checkout post-merge; do
  # keep a trampoline so existing per-repo hooks still run
  printf '#!/bin/sh\n. "$HOME/.config/commitline/hooks/commit-msg" --refresh-only\n[ -x ".git/hooks/%s" ] && exec ".git/hooks/%s" "$@"\nexit 0\n' "$h" "$h" > "$DEST/$h"
  chmod 0755 "$DEST/$h"
done
git config --global core.hooksPath "$DEST"
echo "commitline installed for all repositories."
