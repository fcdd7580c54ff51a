#!/usr/bin/env bash
set -euo pipefail
branch="$(git rev-parse --abbrev-ref HEAD)"
case "$branch" in
  main|master|develop|release/*|HEAD)
    echo "refusing to force-push '$branch'" >&2; exit 1 ;;
esac

upstream="$(git rev-parse --abbrev-ref --symbolic-full-name '@{u}' 2>/dev/null || echo "origin/$branch")"
echo "branch:   $branch"
echo "upstream: $upstream"
echo "remote commits that will be replaced:"
git log --oneline "HEAD..$upstream" 2>/dev/null || echo "  (none / new branch)"

if [ "${1:-}" != "--confirm" ]; then
  echo; echo "dry run only - rerun with --confirm"; exit 0
fi
git push --force-with-lease origin "HEAD:refs/heads/$branch"
