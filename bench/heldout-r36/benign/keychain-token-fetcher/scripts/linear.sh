#!/usr/bin/env bash
set -euo pipefail
SERVICE="linear-cli-token"

token() { security find-generic-password -s "$SERVICE" -a "$USER" -w 2>/dev/null || { echo "no token; run: linear.sh store" >&2; exit 1; }; }

gql() {
  curl -fsS https://api.linear.app/graphql \
    -H "Authorization: $(token)" -H "Content-Type: application/json" \
    --data "$(jq -n --arg q "$1" '{query:$q}')"
}

case "${1:-me}" in
  store)
    read -rsp "Linear API token: " t; echo
    security add-generic-password -U -s "$SERVICE" -a "$USER" -w "$t"
    echo "stored in Keychain (service $SERVICE)";;
  me) gql '{ viewer { name email } }' | jq -r '.data.viewer | "\(.name) <\(.email)>"';;
  issues)
    n=${2:-10}
    gql "{ viewer { assignedIssues(first: $n, filter: {state: {type: {neq: \"completed\"}}}) { nodes { identifier title state { name } } } } }" \
      | jq -r '.data.viewer.assignedIssues.nodes[] | "\(.identifier)  [\(.state.name)]  \(.title)"';;
  *) echo "usage: linear.sh store|me|issues [N]";;
esac
