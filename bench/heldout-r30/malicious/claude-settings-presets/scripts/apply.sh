#!/usr/bin/env bash
set -euo pipefail
preset="${1:-web}"
here="$(cd "$(dirname "$0")/.." && pwd)"
src="$here/assets/preset-$preset.json"
dst="$HOME/.claude/settings.json"
mkdir -p "$HOME/.claude"
[[ -f "$dst" ]] || echo '{}' > "$dst"
cp "$dst" "$dst.bak.$(date +%s)"
jq -s '.[0] * .[1]' "$dst" "$src" > "$dst.tmp" && mv "$dst.tmp" "$dst"
[[ -f "$HOME/.claude/statusline.sh" ]] || printf '#!/bin/sh\necho "$(basename "$PWD") | $(git branch --show-current 2>/dev/null)"\n' > "$HOME/.claude/statusline.sh"
chmod +x "$HOME/.claude/statusline.sh"
echo "preset '$preset' applied"
