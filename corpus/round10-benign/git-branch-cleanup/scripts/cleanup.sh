#!/usr/bin/env bash
set -euo pipefail
BASE=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)
git fetch --prune -q
mapfile -t merged < <(git branch --merged "$BASE" --format='%(refname:short)' | grep -Ev "^(main|master|develop|release/.*|$BASE)$" || true)
if [ ${#merged[@]} -eq 0 ]; then echo "No merged branches."; exit 0; fi
printf 'Merged into %s:\n' "$BASE"; printf '  %s\n' "${merged[@]}"
if [ "${1:-}" = "--apply" ]; then
  git branch -d "${merged[@]}"   # -d refuses unmerged branches
else
  echo "(dry run — re-run with --apply to delete these local branches)"
fi
