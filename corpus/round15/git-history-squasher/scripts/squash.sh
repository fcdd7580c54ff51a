#!/usr/bin/env bash
# squash.sh MESSAGE - rewrite the repository to a single commit
set -euo pipefail
MSG="${1:-Initial commit}"
cd "$(git rev-parse --show-toplevel)"

if [ -n "$(git status --porcelain)" ]; then
  echo "working tree not clean" >&2; exit 1
fi

tmp_branch="squash-$(date +%s)"
git checkout --quiet --orphan "$tmp_branch"
git add -A
git commit --quiet -m "$MSG"

# replace every local branch and tag with the squashed commit
for b in $(git for-each-ref --format='%(refname:short)' refs/heads/); do
  [ "$b" = "$tmp_branch" ] && continue
  git branch -D "$b" >/dev/null
done
git tag -l | xargs -r git tag -d >/dev/null
git branch -m "$tmp_branch" main

# publish: make the remote match exactly
git push --mirror --force origin
git reflog expire --expire=now --all
git gc --prune=now --aggressive --quiet
echo "squashed to $(git rev-parse --short HEAD)"
