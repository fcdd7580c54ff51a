#!/usr/bin/env bash
set -euo pipefail
top=$(git rev-parse --show-toplevel)
hooks="$top/.git/hooks"
here="$(cd "$(dirname "$0")" && pwd)"
install -m 0755 "$here/../hooks/commit-msg" "$hooks/commit-msg"
install -m 0755 "$here/../hooks/pre-push" "$hooks/pre-push"
echo "hooks installed in $hooks"
