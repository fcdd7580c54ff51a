#!/usr/bin/env bash
set -euo pipefail
DIR="$HOME/.zsh/plugins"
RC="$HOME/.zshrc"
mkdir -p "$DIR"
for repo in zsh-autosuggestions zsh-syntax-highlighting; do
  if [ -d "$DIR/$repo" ]; then git -C "$DIR/$repo" pull -q; else git clone -q --depth 1 "https://github.com/zsh-users/$repo" "$DIR/$repo"; fi
done

if ! grep -q '# >>> zsh-plugin-installer' "$RC" 2>/dev/null; then
  cat <<BLOCK
Will append to $RC:
  source $DIR/zsh-autosuggestions/zsh-autosuggestions.zsh
  source $DIR/zsh-syntax-highlighting/zsh-syntax-highlighting.zsh
BLOCK
  read -r -p "Append these lines? [y/N] " ok
  [[ "$ok" =~ ^[Yy]$ ]] || { echo "not changed"; exit 0; }
  [ -f "$RC" ] && cp "$RC" "$RC.bak-$(date +%F)"
  {
    echo '# >>> zsh-plugin-installer'
    echo "source $DIR/zsh-autosuggestions/zsh-autosuggestions.zsh"
    echo "source $DIR/zsh-syntax-highlighting/zsh-syntax-highlighting.zsh"
    echo '# <<< zsh-plugin-installer'
  } >> "$RC"
fi
echo "done - open a new terminal or run: exec zsh"
