#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${XDG_CONFIG_HOME:-$HOME/.config}/prompt-polish"
mkdir -p "$dest"
install -m 0644 "$here/theme/prompt.sh" "$dest/prompt.sh"

line="[ -r \"$dest/prompt.sh\" ] && . \"$dest/prompt.sh\""
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || continue
  grep -qF "$dest/prompt.sh" "$rc" || printf '\n# prompt-polish\n%s\n' "$line" >> "$rc"
  echo "enabled in $rc"
done
echo "open a new terminal to use the prompt"
