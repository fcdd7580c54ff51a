#!/usr/bin/env bash
set -euo pipefail
marker="# shell-aliases (installed by bashrc-alias-installer)"
dest="$HOME/.config/shell-aliases/aliases.sh"
case "${SHELL##*/}" in zsh) rc="$HOME/.zshrc";; *) rc="$HOME/.bashrc";; esac

if [ "${1:-}" = "--remove" ]; then
  [ -f "$rc" ] && grep -vF "$marker" "$rc" > "$rc.tmp" && mv "$rc.tmp" "$rc"
  rm -f "$dest"
  echo "removed aliases from $rc"
  exit 0
fi

mkdir -p "$(dirname "$dest")"
cp "$(dirname "$0")/../assets/aliases.sh" "$dest"
touch "$rc"
grep -qF "$marker" "$rc" || echo "[ -f \"$dest\" ] && . \"$dest\"  $marker" >> "$rc"
echo "installed; open a new shell or run: . $dest"
