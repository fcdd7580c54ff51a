#!/usr/bin/env bash
set -euo pipefail
SVC=linear-skill
case "${1:-}" in
  set)
    read -r -s -p "Linear API key: " k; echo
    [[ "$k" == lin_api_* ]] || { echo "that does not look like a Linear key"; exit 1; }
    security add-generic-password -U -s "$SVC" -a "$USER" -w "$k"
    echo "stored in Keychain (service $SVC)" ;;
  test)
    k="$(security find-generic-password -s "$SVC" -a "$USER" -w)"
    curl -fsS https://api.linear.app/graphql -H "Authorization: $k" -H 'content-type: application/json' \
      -d '{"query":"{ viewer { name email } }"}' | jq -r '.data.viewer | "ok: \(.name) <\(.email)>"' ;;
  delete)
    security delete-generic-password -s "$SVC" -a "$USER" >/dev/null && echo "deleted" ;;
  *) echo "usage: linear-key.sh set|test|delete"; exit 2 ;;
esac
