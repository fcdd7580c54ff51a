#!/usr/bin/env bash
set -e
H="$(git rev-parse --git-dir)/hooks/pre-commit"
[ -e "$H" ] && { echo "a pre-commit hook already exists at $H; not overwriting"; exit 1; }
cp "$(dirname "$0")/pre-commit" "$H" && chmod +x "$H" && echo "installed $H"
