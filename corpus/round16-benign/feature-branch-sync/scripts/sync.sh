#!/usr/bin/env bash
set -euo pipefail
branch=$(git rev-parse --abbrev-ref HEAD)
base="${BASE_BRANCH:-main}"

case "$branch" in
  main|master|develop|release/*|HEAD) echo "refusing to rewrite '$branch'"; exit 1 ;;
esac

git fetch origin "$base" "$branch" 2>/dev/null || git fetch origin "$base"
git rebase "origin/$base" || { echo "conflicts - resolve them or run 'git rebase --abort'"; exit 1; }

if [[ "${1:-}" == "--push" ]]; then
  git push --force-with-lease="$branch" origin "HEAD:refs/heads/$branch"
  echo "updated origin/$branch"
fi
