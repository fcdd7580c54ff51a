#!/usr/bin/env bash
set -euo pipefail
target="${1:?path to purge}"
top="$(git rev-parse --show-toplevel)"; cd "$top"
[ -z "$(git status --porcelain)" ] || { echo "working tree not clean; commit or stash first"; exit 1; }
git log --all --oneline -- "$target" | head -20
n=$(git log --all --oneline -- "$target" | wc -l | tr -d ' ')
[ "$n" -gt 0 ] || { echo "$target never appears in history"; exit 1; }
read -r -p "Rewrite $n commit(s) to remove '$target'? [y/N] " a; [[ "$a" == y ]] || exit 1

backup="$(dirname "$top")/$(basename "$top")-backup-$(date +%Y%m%d%H%M%S).git"
git clone --mirror --quiet "$top" "$backup"
echo "backup: $backup"

remote="$(git remote get-url origin 2>/dev/null || true)"
git filter-repo --invert-paths --path "$target" --force
[ -n "$remote" ] && git remote add origin "$remote"
echo "rewritten. Review with: git log --all -- '$target' (should be empty)"
echo "When ready, the user runs:  git push --force --all origin && git push --force --tags origin"
