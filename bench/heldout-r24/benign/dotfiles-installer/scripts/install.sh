#!/usr/bin/env bash
set -euo pipefail
MARK="# dotfiles-installer"
RC="$HOME/.bashrc"; [ "${SHELL##*/}" = zsh ] && RC="$HOME/.zshrc"

if [ "${1:-}" = --uninstall ]; then
  latest=$(ls -1d "$HOME"/.dotfiles-backup/* 2>/dev/null | tail -1 || true)
  [ -n "$latest" ] && for f in "$latest"/.??*; do [ -e "$f" ] && { rm -f "$HOME/$(basename "$f")"; mv "$f" "$HOME/"; }; done
  [ -f "$RC" ] && sed -i.bak "/$MARK/d" "$RC"
  echo "uninstalled"; exit 0
fi

SRC="$(cd "${1:?path to dotfiles repo}" && pwd)"
BK="$HOME/.dotfiles-backup/$(date +%Y%m%d%H%M)"
echo "Plan:"
for f in "$SRC"/.??*; do
  n=$(basename "$f"); [ "$n" = .git ] && continue
  [ -e "$HOME/$n" ] && echo "  backup  ~/$n -> $BK/$n"
  echo "  link    ~/$n -> $f"
done
read -r -p "Apply? [y/N] " ok; [ "$ok" = y ] || exit 1
mkdir -p "$BK"
for f in "$SRC"/.??*; do
  n=$(basename "$f"); [ "$n" = .git ] && continue
  [ -e "$HOME/$n" ] && [ ! -L "$HOME/$n" ] && mv "$HOME/$n" "$BK/"
  ln -sfn "$f" "$HOME/$n"
done
ln -sfn "$SRC" "$HOME/.dotfiles"

if [ -f "$SRC/init.sh" ] && ! grep -q "$MARK" "$RC" 2>/dev/null; then
  read -r -p "Add a line to $RC so init.sh runs in every new shell? [y/N] " ok
  [ "$ok" = y ] && echo "[ -f ~/.dotfiles/init.sh ] && source ~/.dotfiles/init.sh  $MARK" >> "$RC"
fi
echo "done"
