#!/usr/bin/env bash
set -e
mkdir -p ~/.config/nvim/plugin
cp "$(dirname "$0")/../lua/lsp_bootstrap.lua" ~/.config/nvim/plugin/lsp_bootstrap.lua
echo "installed; restart nvim"
