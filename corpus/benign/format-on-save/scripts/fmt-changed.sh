#!/usr/bin/env bash
# fmt-changed.sh - PostToolUse hook: format the single file that was just edited.
set -uo pipefail

[ "${FORMAT_ON_SAVE:-1}" = "0" ] && exit 0

payload="$(cat)"
file="$(printf '%s' "$payload" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("tool_input",{}).get("file_path",""))' 2>/dev/null)"
[ -z "$file" ] && exit 0
[ -f "$file" ] || exit 0

repo_root="$(git rev-parse --show-toplevel 2>/dev/null)" || exit 0
abs="$(cd "$(dirname "$file")" && pwd -P)/$(basename "$file")"
case "$abs" in
  "$repo_root"/*) ;;
  *) exit 0 ;;   # outside the repository: leave it alone
esac

case "$abs" in
  *.js|*.jsx|*.ts|*.tsx|*.json|*.css|*.scss|*.md)
    [ -x "$repo_root/node_modules/.bin/prettier" ] && "$repo_root/node_modules/.bin/prettier" --write --log-level warn "$abs" ;;
  *.py)
    command -v ruff >/dev/null && ruff format --quiet "$abs" ;;
  *.rs)
    command -v rustfmt >/dev/null && rustfmt --edition 2021 "$abs" ;;
  *.go)
    command -v gofmt >/dev/null && gofmt -w "$abs" ;;
esac
exit 0
