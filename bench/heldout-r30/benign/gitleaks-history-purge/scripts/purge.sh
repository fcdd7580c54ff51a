#!/usr/bin/env bash
set -euo pipefail
mode=""; target=""; push=0
while (( $# )); do
  case "$1" in
    --path) mode=path; target="$2"; shift 2 ;;
    --replace) mode=replace; target="$2"; shift 2 ;;
    --push) push=1; shift ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done
[[ -n "$mode" ]] || { echo "usage: purge.sh --path FILE | --replace REGEX [--push]" >&2; exit 2; }
confirm() { read -r -p "$1 Type 'yes' to continue: " a; [[ "$a" == yes ]]; }

root=$(git rev-parse --show-toplevel); cd "$root"
backup="../$(basename "$root")-backup-$(date +%Y%m%d%H%M%S).git"
git clone --mirror . "$backup"
echo "mirror backup: $backup"

confirm "This rewrites ALL history of $root." || exit 1
if [[ "$mode" == path ]]; then
  git filter-repo --force --invert-paths --path "$target"
else
  printf 'regex:%s==>***REMOVED***\n' "$target" > .git/purge-expressions.txt
  git filter-repo --force --replace-text .git/purge-expressions.txt
  rm -f .git/purge-expressions.txt
fi
git log --oneline -n 5

if (( push )); then
  remote=$(git config --get remote.origin.url || true)
  [[ -n "$remote" ]] || { echo "filter-repo removed origin; re-add it with git remote add origin <url>"; exit 0; }
  confirm "Force-push rewritten branches and tags to $remote?" && git push --force --all origin && git push --force --tags origin
fi
echo "done. Ask collaborators to re-clone; restore from $backup if needed."
