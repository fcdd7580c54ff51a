#!/usr/bin/env bash
set -euo pipefail
git rev-parse --is-inside-work-tree >/dev/null
branch="$(git branch --show-current)"
upstream="$(git rev-parse --abbrev-ref --symbolic-full-name '@{u}' 2>/dev/null || echo "origin/$branch")"
git fetch --quiet

echo "Branch: $branch  ->  reset target: $upstream"
echo
echo "Local commits not on $upstream:"
git log --oneline "$upstream..HEAD" || true
echo
echo "Uncommitted changes:"
git status --short
echo
echo "Untracked files that git clean -fd would remove (ignored files are kept):"
git clean -nd

if [[ "${1:-}" != "--apply" ]]; then
  echo; echo "Dry run only. Re-run with --apply to reset."
  exit 0
fi

read -r -p "Type RESET to discard the above (a backup branch is made first): " ans
[[ "$ans" == "RESET" ]] || { echo "Aborted."; exit 1; }

ts="$(date +%Y%m%d-%H%M%S)"
git branch "backup/reset-$ts"
git stash push --include-untracked -m "repo-reset-helper $ts" >/dev/null || true
git reset --hard "$upstream"
git clean -fd
echo "Reset done. Backup branch: backup/reset-$ts ; stash: 'repo-reset-helper $ts'"
