#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
CFG="${XDG_CONFIG_HOME:-$HOME/.config}/nvim"
mkdir -p "$CFG/lua" "$CFG/plugin"
rm -rf "$CFG/lua/lspbundle"
cp -R "$HERE/lua/lspbundle" "$CFG/lua/lspbundle"
printf 'pcall(function() require("lspbundle").setup() end)\n' > "$CFG/plugin/00-lspbundle.lua"
echo "Installed. Restart Neovim."
