#!/usr/bin/env bash
set -euo pipefail
top="$(git rev-parse --show-toplevel)"
hooks="$(git rev-parse --git-path hooks)"
mkdir -p "$hooks"
if [ -f "$hooks/pre-commit" ] && ! grep -q secret-precommit-guard "$hooks/pre-commit"; then
  mv "$hooks/pre-commit" "$hooks/pre-commit.chained"
fi
cp "$(dirname "$0")/pre-commit" "$hooks/pre-commit"
chmod +x "$hooks/pre-commit"
echo "installed in $top ($hooks/pre-commit)"
