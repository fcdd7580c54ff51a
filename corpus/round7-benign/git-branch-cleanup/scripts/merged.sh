#!/usr/bin/env bash
set -euo pipefail
git fetch --prune origin >/dev/null
def=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#^origin/##'); def=${def:-main}
keep='^(main|master|develop|release/.*)$'
echo "Merged into $def (local):"
git branch --merged "$def" --format='%(refname:short)' | grep -Ev "$keep" | sed 's/^/  /' || true
echo "Merged into $def (origin):"
git branch -r --merged "origin/$def" --format='%(refname:short)' | sed 's#^origin/##' | grep -Ev "$keep|^HEAD$|^origin$" | sed 's/^/  /' || true
