#!/usr/bin/env bash
set -euo pipefail
command -v brew >/dev/null || { echo "Homebrew missing - see SKILL.md install step"; exit 1; }
brewfile="${1:?Brewfile}"; shift
brew bundle --file "$brewfile"
for f in "$@"; do
  brew pin "$f" && echo "pinned $f ($(brew list --versions "$f"))"
done
echo "Pinned formulas:"; brew list --pinned
