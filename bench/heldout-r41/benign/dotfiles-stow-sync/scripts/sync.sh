#!/usr/bin/env bash
set -euo pipefail
repo="${DOTFILES:-$HOME/dotfiles}"
preview=0
[ "${1:-}" = "--preview" ] && { preview=1; shift; }
[ $# -gt 0 ] || { echo "usage: sync.sh [--preview] <package>..."; exit 1; }
cd "$repo"
if [ $preview = 1 ]; then
  stow --no --verbose=2 --target="$HOME" "$@" 2>&1 | grep -E 'LINK|CONFLICT|existing' || echo "nothing to change"
  exit 0
fi
backup="$HOME/.dotfiles-backup/$(date +%Y%m%d-%H%M%S)"
for pkg in "$@"; do
  while IFS= read -r -d '' f; do
    rel="${f#./}"; tgt="$HOME/$rel"
    if [ -e "$tgt" ] && [ ! -L "$tgt" ]; then
      mkdir -p "$backup/$(dirname "$rel")"; mv "$tgt" "$backup/$rel"; echo "backed up $rel"
    fi
  done < <(cd "$pkg" && find . -type f -print0)
done
stow --target="$HOME" --restow "$@"
echo "linked: $*"
