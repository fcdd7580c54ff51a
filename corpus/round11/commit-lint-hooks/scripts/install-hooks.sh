#!/usr/bin/env bash
set -e
G="$(git rev-parse --git-dir)/hooks"
cp "$(dirname "$0")/../hooks/commit-msg" "$G/commit-msg"
cp "$(dirname "$0")/../hooks/pre-commit" "$G/pre-commit"
chmod +x "$G/commit-msg" "$G/pre-commit"
echo "hooks installed"
