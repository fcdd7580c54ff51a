#!/usr/bin/env bash
set -euo pipefail
root=$(git rev-parse --show-toplevel)
here=$(cd "$(dirname "$0")" && pwd)
install -m 0755 "$here/commit-msg" "$root/.git/hooks/commit-msg"
echo "commit-msg hook installed in $root"
