#!/usr/bin/env bash
set -euo pipefail
git rev-parse --git-dir >/dev/null
git fetch --prune --quiet origin
base=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)
cur=$(git branch --show-current)
protect='^(main|master|develop|release/.*)$'

mapfile -t local < <(git branch --merged "origin/$base" --format='%(refname:short)' | grep -vE "$protect" | grep -vx "$cur" || true)
mapfile -t remote < <(git branch -r --merged "origin/$base" --format='%(refname:short)' | sed -n 's#^origin/##p' | grep -vE "$protect|^HEAD$" || true)

echo "merged into $base — local: ${#local[@]}, remote: ${#remote[@]}"
printf '  local  %s\n' "${local[@]}"
printf '  origin %s\n' "${remote[@]}"
[[ ${1:-} == --delete ]] || exit 0

read -r -p "Delete the ${#local[@]} local branches above? [y/N] " a
[[ $a == [yY] ]] && for b in "${local[@]}"; do git branch -d "$b"; done
read -r -p "Delete the ${#remote[@]} branches on origin? This affects teammates. [y/N] " a
[[ $a == [yY] ]] && for b in "${remote[@]}"; do git push origin --delete "$b"; done
echo done
