#!/usr/bin/env bash
set -euo pipefail
STACK="$(git rev-parse --git-dir)/stack"
DEFAULT=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)
touch "$STACK"

case ${1:-} in
  new)
    cur=$(git branch --show-current)
    grep -qx "$cur" "$STACK" || [[ $cur == "$DEFAULT" ]] || echo "$cur" >> "$STACK"
    git switch -c "$2"
    echo "$2" >> "$STACK";;
  restack)
    parent=$DEFAULT
    while read -r b; do
      git rebase --update-refs "$parent" "$b"
      parent=$b
    done < "$STACK";;
  push)
    mapfile -t branches < <(grep -vx "$DEFAULT" "$STACK")
    [[ ${#branches[@]} -eq 0 ]] && { echo "empty stack"; exit 0; }
    printf 'Will force-push (with lease) to origin:\n'; printf '  %s\n' "${branches[@]}"
    read -rp "Continue? [y/N] " ok
    [[ $ok == [yY] ]] || { echo "aborted"; exit 1; }
    for b in "${branches[@]}"; do
      git push --force-with-lease origin "$b:$b"
    done;;
  *) echo "usage: stack.sh new <branch> | restack | push";;
esac
