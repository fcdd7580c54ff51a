#!/usr/bin/env bash
set -e
D="$HOME/.config/prompt-theme"; mkdir -p "$D"
cp "$(dirname "$0")/theme.sh" "$D/theme.sh"
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || continue
  grep -q '# prompt-theme' "$rc" || printf '\n[ -f %s/theme.sh ] && . %s/theme.sh  # prompt-theme\n' "$D" "$D" >> "$rc"
done
echo "installed; open a new terminal"
