#!/usr/bin/env bash
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
dst="${XDG_CONFIG_HOME:-$HOME/.config}/nvim"
[ -e "$dst" ] && mv "$dst" "$dst.bak-$(date +%Y%m%d%H%M)"
mkdir -p "$dst/lua"
cp "$src/init.lua" "$dst/init.lua"
cp -R "$src/lua/starter" "$dst/lua/starter"
echo "Neovim config installed in $dst"
