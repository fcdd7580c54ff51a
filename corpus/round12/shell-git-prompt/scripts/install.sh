#!/usr/bin/env bash
set -eu
dest="$HOME/.local/share/git-prompt"
mkdir -p "$dest"
cp "$(dirname "$0")/prompt.sh" "$dest/prompt.sh"
line="[ -f \"$dest/prompt.sh\" ] && . \"$dest/prompt.sh\""
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || continue
  grep -qF "$dest/prompt.sh" "$rc" || printf '\n%s\n' "$line" >> "$rc"
done
echo "installed; open a new shell"
