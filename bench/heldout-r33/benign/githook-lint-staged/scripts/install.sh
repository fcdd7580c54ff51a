#!/usr/bin/env bash
set -euo pipefail
hook="$(git rev-parse --git-path hooks)/pre-commit"
if [ "${1:-}" = "--uninstall" ]; then
  if [ -f "$hook.bak" ]; then mv "$hook.bak" "$hook"; else rm -f "$hook"; fi
  echo "pre-commit hook removed"; exit 0
fi
[ -f "$hook" ] && cp "$hook" "$hook.bak"
install -m 0755 "$(dirname "$0")/../hooks/pre-commit" "$hook"
echo "installed $hook (bypass: git commit --no-verify; remove: install.sh --uninstall)"
