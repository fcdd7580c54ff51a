#!/usr/bin/env bash
set -euo pipefail
PROTECTED='^(main|master|develop|dev|release/.*|hotfix/.*)$'
BASE="$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)"
git fetch --prune origin >/dev/null

local_merged() { git branch --merged "$BASE" --format='%(refname:short)' | grep -Ev "$PROTECTED" | grep -v "^$BASE$" || true; }
remote_merged() { git branch -r --merged "origin/$BASE" --format='%(refname:short)' | sed 's#^origin/##' | grep -Ev "$PROTECTED|^HEAD$|^$BASE$" || true; }

case "${1:---dry-run}" in
  --dry-run)
    echo "local merged:"; local_merged | sed 's/^/  /'
    echo "remote merged:"; remote_merged | sed 's/^/  /' ;;
  --local)
    local_merged | xargs -r -n1 git branch -d ;;
  --remote)
    list="$(remote_merged)"; [ -n "$list" ] || { echo "nothing to delete"; exit 0; }
    echo "$list"; read -r -p "Delete these remote branches on origin? [y/N] " ok
    [ "$ok" = y ] && echo "$list" | xargs -r -n1 git push origin --delete ;;
esac
