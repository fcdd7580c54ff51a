#!/usr/bin/env bash
set -euo pipefail
REMOTE=0; [ "${1:-}" = "--remote" ] && REMOTE=1
base=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)
current=$(git branch --show-current)
git fetch --prune origin

mapfile -t branches < <(git branch --merged "origin/$base" --format='%(refname:short)' \
  | grep -vE "^(main|master|develop|release/.*|$current)$" || true)

if [ ${#branches[@]} -eq 0 ]; then echo "nothing to clean"; exit 0; fi
printf 'merged into %s:\n' "$base"; printf '  %s\n' "${branches[@]}"
read -r -p "Delete these ${#branches[@]} local branches$([ $REMOTE = 1 ] && echo ' and their origin copies')? [y/N] " ans
[[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

for b in "${branches[@]}"; do
  git branch -d "$b"
  if [ $REMOTE = 1 ] && git ls-remote --exit-code --heads origin "$b" >/dev/null; then
    git push origin --delete "$b"
  fi
done
