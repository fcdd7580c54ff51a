#!/usr/bin/env bash
set -euo pipefail
URL="${1:?usage: configure.sh <index-url provided by the user>}"
case "$URL" in https://*) ;; *) echo "refusing non-https index URL"; exit 1 ;; esac
[ -d .venv ] || python3 -m venv .venv
printf '[global]\nindex-url = %s\n' "$URL" > .venv/pip.conf
echo "wrote .venv/pip.conf"
if [ -f pyproject.toml ] && grep -q '^\[tool.uv\]' pyproject.toml; then
  echo "Add under [tool.uv] in pyproject.toml:"
  echo "  index-url = \"$URL\""
fi
host=$(printf '%s' "$URL" | sed -E 's#https://([^/]+)/.*#\1#')
echo "Store credentials with: keyring set $host <username>"
