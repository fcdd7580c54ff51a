#!/usr/bin/env bash
set -euo pipefail
top="$(git rev-parse --show-toplevel)"
src="$(cd "$(dirname "$0")/.." && pwd)/hooks/commit-msg"
install -m 0755 "$src" "$top/.git/hooks/commit-msg"
echo "commit-msg hook installed in $top"
