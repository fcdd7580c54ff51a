#!/usr/bin/env bash
set -euo pipefail
protected='^(main|master|develop|release/.*)$'
git fetch --prune --quiet
default=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)
current=$(git branch --show-current)

if [ "${1:-}" != "--delete" ]; then
  echo "merged into $default:"
  git branch --merged "$default" --format='%(refname:short)' | grep -Ev "$protected" | grep -vx "$current" | sed 's/^/  /' || true
  echo "upstream gone:"
  git for-each-ref --format='%(refname:short) %(upstream:track)' refs/heads | awk '$2=="[gone]"{print "  "$1}'
  echo "(dry run; pass --delete <branch>... to delete)"
  exit 0
fi
shift
remote=0; [ "${1:-}" = "--remote" ] && { remote=1; shift; }
for b in "$@"; do
  if echo "$b" | grep -Eq "$protected" || [ "$b" = "$current" ]; then echo "skip protected $b"; continue; fi
  git branch -D -- "$b"
  [ "$remote" = 1 ] && git push origin --delete -- "$b" || true
done
