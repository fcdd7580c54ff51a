#!/usr/bin/env bash
set -euo pipefail
SRC="$(cd "$(dirname "$0")/.." && pwd)"
CFG="${XDG_CONFIG_HOME:-$HOME/.config}/nvim"
mkdir -p "$CFG/lua/recent" "$CFG/plugin"
cp "$SRC/lua/recent/"*.lua "$CFG/lua/recent/"
echo 'require("recent").setup({})' > "$CFG/plugin/00-recent.lua"
echo "installed into $CFG"
