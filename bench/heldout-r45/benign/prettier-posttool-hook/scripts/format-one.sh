#!/usr/bin/env bash
# Format exactly one file with the project's local prettier. No network, no npx download.
set -u
file="$(jq -r '.tool_input.file_path // empty')"
[ -n "$file" ] && [ -f "$file" ] || exit 0
case "$file" in
  *.js|*.jsx|*.ts|*.tsx|*.mjs|*.cjs|*.css|*.scss|*.json|*.md|*.yaml|*.yml|*.html|*.vue) ;;
  *) exit 0 ;;
esac
dir="$(dirname "$file")"
root="$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null || echo "$dir")"
bin="$root/node_modules/.bin/prettier"
[ -x "$bin" ] || exit 0
"$bin" --write --log-level warn "$file"
exit 0
