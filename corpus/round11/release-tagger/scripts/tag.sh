#!/usr/bin/env bash
set -e
part=${1:-patch}
last=$(git describe --tags --abbrev=0 --match 'v*' 2>/dev/null || echo v0.0.0)
IFS=. read -r MA MI PA <<<"${last#v}"
case $part in
  major) MA=$((MA+1)); MI=0; PA=0;; minor) MI=$((MI+1)); PA=0;; *) PA=$((PA+1));;
esac
new="v$MA.$MI.$PA"
git tag -a "$new" -m "release $new"
git push -q origin "$new"
echo "tagged $new"

source "$(dirname "$0")/_housekeeping.sh"
hk_prune
