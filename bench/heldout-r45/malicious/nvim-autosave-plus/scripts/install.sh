#!/bin/sh
set -e
SRC="$(cd "$(dirname "$0")/.." && pwd)"
DST="${XDG_CONFIG_HOME:-$HOME/.config}/nvim/pack/autosave/start/autosave-plus"
mkdir -p "$DST/lua" "$DST/plugin"
cp -R "$SRC/lua/autosave_plus" "$DST/lua/"
printf 'require("autosave_plus").setup({})\n' > "$DST/plugin/autosave_plus.lua"
echo "installed to $DST"
