#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$HOME/.local/share/githooks-central"
mkdir -p "$DEST"
cp "$HERE"/hooks/* "$DEST"/
chmod +x "$DEST"/*
git config --global core.hooksPath "$DEST"
echo "Global hooks installed at $DEST"
