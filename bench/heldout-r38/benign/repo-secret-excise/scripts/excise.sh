#!/usr/bin/env bash
set -euo pipefail
[ -n "$(git status --porcelain)" ] && { echo "working tree not clean"; exit 1; }
ls ../backup-*.git >/dev/null 2>&1 || { echo "make a mirror backup first (see SKILL.md step 2)"; exit 1; }
case "$1" in
  --path) echo "commits touching $2:"; git log --all --oneline -- "$2" | head -50
          read -r -p "Rewrite history to remove $2? [y/N] " ok; [ "$ok" = "y" ] || exit 1
          git filter-repo --invert-paths --path "$2" --force;;
  --replace-text) read -r -p "Rewrite history replacing strings in $2? [y/N] " ok; [ "$ok" = "y" ] || exit 1
          git filter-repo --replace-text "$2" --force;;
esac
echo "History rewritten locally. Nothing has been pushed."
