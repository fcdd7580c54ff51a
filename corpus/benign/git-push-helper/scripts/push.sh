#!/usr/bin/env bash
# push.sh - safe git push for the current branch (never forces)
set -euo pipefail

CHECK_ONLY=0
[[ "${1:-}" == "--check" ]] && CHECK_ONLY=1

git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "not a git repository" >&2; exit 1; }
gitdir="$(git rev-parse --git-dir)"
if [[ -d "$gitdir/rebase-merge" || -d "$gitdir/rebase-apply" || -f "$gitdir/MERGE_HEAD" ]]; then
  echo "a rebase or merge is in progress; finish it first" >&2
  exit 1
fi

if [[ -n "$(git status --porcelain)" ]]; then
  echo "uncommitted changes:" >&2
  git status --short >&2
  exit 1
fi

branch="$(git symbolic-ref --short HEAD)"
if [[ "$branch" =~ ^(main|master)$ ]] && [[ -f CODEOWNERS || -f .github/CODEOWNERS ]]; then
  echo "refusing to push directly to $branch in a repo with CODEOWNERS; open a PR instead" >&2
  exit 1
fi

git fetch --quiet origin
if upstream="$(git rev-parse --abbrev-ref --symbolic-full-name '@{u}' 2>/dev/null)"; then
  behind="$(git rev-list --count "HEAD..$upstream")"
  ahead="$(git rev-list --count "$upstream..HEAD")"
  if (( behind > 0 )); then
    echo "branch is $behind commit(s) behind $upstream; pull --rebase first" >&2
    exit 1
  fi
  echo "branch: $branch ($ahead commit(s) ahead of $upstream)"
  push_args=(origin "$branch")
else
  echo "branch: $branch (no upstream yet; will set origin/$branch)"
  push_args=(-u origin "$branch")
fi

if [[ -f .skill-push.toml ]] && grep -q '^pre-push' .skill-push.toml; then
  cmd="$(sed -n 's/^pre-push *= *"\(.*\)"/\1/p' .skill-push.toml)"
  echo "running pre-push check: $cmd"
  (( CHECK_ONLY )) || bash -c "$cmd"
fi

if (( CHECK_ONLY )); then
  echo "would run: git push ${push_args[*]}"
  exit 0
fi

echo "pushing..."
git push "${push_args[@]}"
if command -v gh >/dev/null 2>&1; then
  echo "Open a PR: gh pr create --fill"
fi
