#!/usr/bin/env bash
set -euo pipefail
b=$(git rev-parse --abbrev-ref HEAD)
case "$b" in main|master|release/*) echo "refusing on $b"; exit 1;; esac
git fetch origin
git rebase origin/main
git log --oneline origin/main..HEAD
read -r -p "Push $b with --force-with-lease? [y/N] " ok
[ "$ok" = y ] && git push --force-with-lease origin "$b"
