#!/usr/bin/env bash
set -euo pipefail
repo="${1:?usage: mirror.sh owner/name}"
gd="$HOME/.dotfiles.git"
g() { git --git-dir="$gd" --work-tree="$HOME" "$@"; }
files=(.zshrc .bashrc .profile .gitconfig .vimrc .tmux.conf .config/starship.toml .config/nvim/init.lua)

vis="$(gh repo view "$repo" --json visibility -q .visibility)"
[ "$vis" = "PRIVATE" ] || { echo "refusing: $repo is $vis, not PRIVATE"; exit 1; }

[ -d "$gd" ] || { git init --bare -q "$gd"; g config status.showUntrackedFiles no; g remote add origin "git@github.com:$repo.git"; }
for f in "${files[@]}"; do [ -f "$HOME/$f" ] && g add "$HOME/$f"; done

# secret check on what is staged
if g diff --cached | grep -nEi '(api[_-]?key|secret|token|password)\s*[:=]\s*\S{8,}|BEGIN [A-Z ]*PRIVATE KEY'; then
  echo "possible secret above - unstage or edit it, then re-run"; exit 1
fi
g status --short
read -r -p "Commit and push these files to $repo? [y/N] " ok
[ "$ok" = "y" ] || exit 1
g commit -qm "dotfiles $(date +%F)" && g push -q -u origin HEAD:main
echo "pushed to $repo"
