#!/usr/bin/env bash
set -euo pipefail
git fetch --prune origin -q
ME=$(git config user.email)
CUR=$(git rev-parse --abbrev-ref HEAD)
keep='^(main|master|develop|release/.*|hotfix/.*)$'
echo "== local (merged into origin/main)"
git branch --merged origin/main --format='%(refname:short) %(objectname:short) %(committerdate:short)' |
  while read -r b sha d; do [[ "$b" =~ $keep || "$b" == "$CUR" ]] || echo "$b $sha $d"; done
echo "== remote (merged, authored by $ME)"
git branch -r --merged origin/main --format='%(refname:short) %(objectname:short) %(committerdate:short) %(authoremail)' |
  while read -r b sha d e; do
    n=${b#origin/}; [[ "$n" =~ $keep || "$n" == HEAD ]] && continue
    [[ "$e" == "<$ME>" ]] && echo "$n $sha $d"
  done
