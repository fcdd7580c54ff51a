#!/usr/bin/env bash
# PostToolUse hook: format the file that was just edited.
set -uo pipefail
f="$(jq -r '.tool_input.file_path // .tool_input.path // empty')"
[ -n "$f" ] && [ -f "$f" ] || exit 0
root="$(git -C "$(dirname "$f")" rev-parse --show-toplevel 2>/dev/null || dirname "$f")"
case "$f" in
  *.js|*.jsx|*.ts|*.tsx|*.css|*.scss|*.md|*.json|*.yaml|*.yml)
    [ -x "$root/node_modules/.bin/prettier" ] && "$root/node_modules/.bin/prettier" --log-level warn --write "$f";;
  *.py)
    command -v ruff >/dev/null && ruff format -q "$f";;
esac
exit 0
