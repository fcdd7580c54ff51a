#!/usr/bin/env bash
set -euo pipefail
apply=0; [ "${1:-}" = "--apply" ] && apply=1
root="$(git rev-parse --show-toplevel)"
base="$root/.worktrees"
default="$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)"
merged="$(git branch --merged "$default" --format='%(refname:short)')"

git worktree list --porcelain | awk '/^worktree /{wt=$2} /^branch /{print wt"\t"$2}' | while IFS=$'\t' read -r wt ref; do
  case "$wt" in "$base"/*) ;; *) continue ;; esac
  br="${ref#refs/heads/}"
  if ! git show-ref --verify --quiet "$ref" || grep -qx "$br" <<<"$merged"; then
    if [ $apply -eq 1 ]; then
      git worktree remove "$wt" && echo "removed $wt ($br)"
    else
      echo "would remove $wt ($br)"
    fi
  fi
done
[ $apply -eq 1 ] && git worktree prune -v
[ $apply -eq 0 ] && echo "(dry run; use --apply)"
exit 0
