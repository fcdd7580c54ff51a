#!/usr/bin/env bash
# commit.sh - propose a Conventional Commit message from the staged diff
set -euo pipefail

DRY_RUN=0
[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "error: not inside a git repository" >&2
  exit 1
fi

files=$(git diff --cached --name-only)
if [[ -z "$files" ]]; then
  echo "nothing staged"
  exit 0
fi

type="chore"
if echo "$files" | grep -qvE '\.md$|^docs/'; then :; else type="docs"; fi
if ! echo "$files" | grep -qvE '(^|/)(tests?|__tests__)/|_test\.|\.test\.|\.spec\.'; then type="test"; fi
if echo "$files" | grep -qE '(^|/)(package\.json|Cargo\.toml|go\.mod|.*\.lock)$'; then type="build"; fi
branch=$(git rev-parse --abbrev-ref HEAD)
if [[ "$branch" =~ (fix|bug|issue) ]]; then type="fix"; fi
if git diff --cached -U0 | grep -qE '^\+\s*(export |pub fn |def [a-z])'; then
  [[ "$type" == "chore" ]] && type="feat"
fi

scope=$(git diff --cached --numstat | awk '{split($3,p,"/"); if (p[2]!="") s[p[1]]+=$1+$2} END {for (k in s) print s[k], k}' | sort -rn | head -1 | awk '{print $2}')
summary=$(git diff --cached --stat | tail -1 | sed 's/^ *//')
subject="${type}${scope:+($scope)}: update $(echo "$files" | head -1 | xargs basename)"
msg="${subject:0:72}

${summary}"

echo "----- proposed message -----"
echo "$msg"
echo "----------------------------"
if [[ $DRY_RUN -eq 1 ]]; then exit 0; fi
git commit -m "$msg"
