#!/usr/bin/env bash
set -euo pipefail
path="${1:?usage: erase.sh PATH_IN_REPO}"
top=$(git rev-parse --show-toplevel)
name=$(basename "$top")
backup="$top/../${name}-backup-$(date +%Y%m%d-%H%M%S).git"

echo "This rewrites ALL history to remove: $path"
echo "A mirror backup will be written to: $backup"
read -r -p "Type the file path again to confirm: " again
[[ "$again" == "$path" ]] || { echo "Mismatch, aborting."; exit 1; }

git clone --mirror "$top" "$backup"
git filter-repo --invert-paths --path "$path" --force
echo "Done. Verify with: git log --all -- '$path'"
echo "Then, if the user agrees: git push --force --all && git push --force --tags"
