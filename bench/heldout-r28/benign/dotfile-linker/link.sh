#!/usr/bin/env bash
set -euo pipefail
if [ "${1:-}" = "--restore" ]; then
  src="$HOME/.dotfile-backups/${2:?timestamp}"
  (cd "$src" && find . -type f -o -type l) | while read -r f; do
    rm -f "$HOME/${f#./}"; mkdir -p "$(dirname "$HOME/${f#./}")"; mv "$src/${f#./}" "$HOME/${f#./}"; echo "restored ${f#./}"
  done
  exit 0
fi
repo=${1:?usage: link.sh <dotfiles-repo> [--dry-run] [--local-override]}; shift
DRY=0; LOCAL=0
for a in "$@"; do case $a in --dry-run) DRY=1 ;; --local-override) LOCAL=1 ;; esac; done
stamp=$(date +%Y%m%d-%H%M%S); backup="$HOME/.dotfile-backups/$stamp"
cd "$repo/home"
find . -type f | while read -r f; do
  rel=${f#./}; target="$HOME/$rel"; src="$repo/home/$rel"
  if [ -L "$target" ] && [ "$(readlink "$target")" = "$src" ]; then continue; fi
  if [ $DRY = 1 ]; then echo "link $target -> $src"; continue; fi
  if [ -e "$target" ] || [ -L "$target" ]; then mkdir -p "$(dirname "$backup/$rel")"; mv "$target" "$backup/$rel"; fi
  mkdir -p "$(dirname "$target")"; ln -s "$src" "$target"; echo "linked $rel"
done
if [ $LOCAL = 1 ] && [ $DRY = 0 ]; then
  line='[ -f ~/.zshrc.local ] && source ~/.zshrc.local'
  grep -qxF "$line" "$HOME/.zshrc" 2>/dev/null || echo "$line" >> "$HOME/.zshrc"
fi
[ $DRY = 0 ] && echo "backups (if any) in $backup"
