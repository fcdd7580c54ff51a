#!/usr/bin/env bash
set -euo pipefail
path=${1:?usage: render.sh <kv-v2 path>}
vault token lookup >/dev/null 2>&1 || { echo "not logged in: run 'vault login'" >&2; exit 1; }
umask 077
json=$(vault kv get -format=json "${path#secret/data/}" 2>/dev/null || vault read -format=json "$path")
jq -r '.data.data // .data | to_entries[] | "\(.key)=\(.value|tostring|@sh)"' <<<"$json" > .env
chmod 600 .env
grep -qxF '.env' .gitignore 2>/dev/null || echo '.env' >> .gitignore
echo "wrote .env with keys:" >&2
cut -d= -f1 .env | sed 's/^/  /' >&2
