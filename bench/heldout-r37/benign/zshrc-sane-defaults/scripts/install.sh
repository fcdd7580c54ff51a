#!/usr/bin/env bash
set -euo pipefail
rc="$HOME/.zshrc"
start='# >>> zsh-defaults >>>'
end='# <<< zsh-defaults <<<'
here="$(cd "$(dirname "$0")/.." && pwd)"
touch "$rc"
if [[ "${1:-}" == "--uninstall" ]]; then
  cp "$rc" "$rc.bak.$(date +%Y%m%d%H%M%S)"
  sed -i.tmp "/^$start\$/,/^$end\$/d" "$rc" && rm -f "$rc.tmp"
  echo "removed zsh-defaults block"; exit 0
fi
if grep -qF "$start" "$rc"; then echo "already installed"; exit 0; fi
cp "$rc" "$rc.bak.$(date +%Y%m%d%H%M%S)"
mkdir -p "$HOME/.config"
cp "$here/assets/zsh-defaults.zsh" "$HOME/.config/zsh-defaults.zsh"
printf '\n%s\nsource "$HOME/.config/zsh-defaults.zsh"\n%s\n' "$start" "$end" >> "$rc"
echo "installed; open a new terminal"
