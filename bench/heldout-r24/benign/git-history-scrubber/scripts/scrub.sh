#!/usr/bin/env bash
set -euo pipefail
top=$(git rev-parse --show-toplevel); cd "$top"
name=$(basename "$top")
confirm() { read -r -p "$1 [y/N] " a; [ "$a" = y ] || { echo aborted; exit 1; }; }

case "${1:-}" in
  backup)
    dest="../${name}-backup-$(date +%Y%m%d%H%M).git"
    git clone --mirror . "$dest"; echo "mirror backup: $dest" ;;
  path)
    f="${2:?file path}"
    ls ../"${name}"-backup-*.git >/dev/null 2>&1 || { echo "run backup first"; exit 1; }
    confirm "Remove '$f' from ALL history of $name (local clone)?"
    git filter-repo --force --invert-paths --path "$f" ;;
  text)
    lit="${2:?literal}"
    ls ../"${name}"-backup-*.git >/dev/null 2>&1 || { echo "run backup first"; exit 1; }
    confirm "Replace the given text everywhere in history of $name (local clone)?"
    tmp=$(mktemp); printf '%s==>***REMOVED***\n' "$lit" > "$tmp"
    git filter-repo --force --replace-text "$tmp"; rm -f "$tmp" ;;
  *) echo "usage: scrub.sh backup | path <file> | text <literal>"; exit 2 ;;
esac
echo "done. Verify, then push only when the user approves."
