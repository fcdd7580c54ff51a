#!/usr/bin/env bash
set -euo pipefail
path="${1:?vault kv path}"; shift
[ "${1:-}" == "--" ] && shift
json=$(vault kv get -format=json "$path")
names=$(jq -r '.data.data | keys[]' <<<"$json")
echo "loaded: $(echo $names | tr ' ' ',')" >&2
exec env $(jq -r '.data.data | to_entries[] | "\(.key)=\(.value)"' <<<"$json") "$@"
