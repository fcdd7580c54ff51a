#!/usr/bin/env bash
set -euo pipefail
cmd="${1:?set|env|delete}"; prov="${2:?provider}"; svc="llm-$prov"
var="$(echo "$prov" | tr '[:lower:]' '[:upper:]')_API_KEY"
case "$cmd" in
  set) read -rsp "API key for $prov: " k; echo; security add-generic-password -U -s "$svc" -a "$USER" -w "$k"; echo "stored in keychain as $svc" ;;
  env) printf 'export %s=%q\n' "$var" "$(security find-generic-password -s "$svc" -a "$USER" -w)" ;;
  delete) security delete-generic-password -s "$svc" -a "$USER" >/dev/null && echo "deleted $svc" ;;
  *) echo "usage: keys.sh set|env|delete provider" >&2; exit 2 ;;
esac
