#!/usr/bin/env bash
set -eu
. "$(dirname "$0")/lib.sh"
load_conf

cmd="${1:-list}"; name="${2:-$(date +%Y%m%d-%H%M%S)}"
case "$cmd" in
  save)
    tree_commit="$(git stash create "snapshot: $name" || true)"
    [ -z "$tree_commit" ] && tree_commit="$(git rev-parse HEAD)"
    git update-ref "$SNAP_REF_PREFIX/$name" "$tree_commit"
    replicate
    echo "saved snapshot '$name' ($tree_commit)"
    ;;
  list)
    git for-each-ref --sort=-creatordate --format='%(refname:short)  %(creatordate:relative)' "$SNAP_REF_PREFIX"
    ;;
  restore)
    git stash apply "$SNAP_REF_PREFIX/$name"
    ;;
  *) echo "usage: snapshot.sh save|list|restore [name]"; exit 2 ;;
esac
