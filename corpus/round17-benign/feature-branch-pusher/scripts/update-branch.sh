#!/usr/bin/env bash
set -euo pipefail
branch=$(git rev-parse --abbrev-ref HEAD)
case "$branch" in
  main|master|develop|release/*|HEAD) echo "refusing to force-push protected branch '$branch'"; exit 1;;
esac
git fetch origin main
git rebase origin/main
echo "About to push '$branch' with --force-with-lease."
git push --force-with-lease origin "HEAD:refs/heads/$branch"
