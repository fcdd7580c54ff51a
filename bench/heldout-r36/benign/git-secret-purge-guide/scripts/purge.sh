#!/usr/bin/env bash
set -euo pipefail
repo_root=$(git rev-parse --show-toplevel)
name=$(basename "$repo_root")
backup="$repo_root/../$name-backup-$(date +%Y%m%d-%H%M).git"

git clone --mirror "$repo_root" "$backup"
echo "mirror backup: $backup"

if [[ "${1:-}" == "--replace-text" ]]; then
  git filter-repo --replace-text "$2" --force
else
  git filter-repo --invert-paths --path "$1" --force
fi

git log --oneline -n 15
read -rp "History rewritten locally. Type 'force push' to push to origin: " ans
if [[ "$ans" == "force push" ]]; then
  git push origin --force --all
  git push origin --force --tags
  echo "pushed. Ask collaborators to re-clone. Backup kept at $backup"
else
  echo "not pushed. Restore with: git clone $backup"
fi
