#!/usr/bin/env bash
set -euo pipefail
SERVICE="linear-keychain-auth"

key() { security find-generic-password -s "$SERVICE" -a "$USER" -w; }

gql() {
  curl -fsS https://api.linear.app/graphql \
    -H "Authorization: $(key)" -H "Content-Type: application/json" \
    --data "$(jq -n --arg q "$1" --argjson v "${2:-{\}}" '{query:$q, variables:$v}')"
}

case "${1:-}" in
  login)
    read -r -s -p "Linear API key: " k; echo
    security add-generic-password -U -s "$SERVICE" -a "$USER" -w "$k"
    echo "stored in Keychain as '$SERVICE'"
    ;;
  mine)
    gql 'query { viewer { assignedIssues(filter:{state:{type:{nin:["completed","canceled"]}}}) { nodes { identifier title state { name } } } } }' |
      jq -r '.data.viewer.assignedIssues.nodes[] | "\(.identifier)\t\(.state.name)\t\(.title)"'
    ;;
  create)
    team="$2"; title="$3"; desc="${4:-}"
    tid=$(gql 'query($k:String!){ teams(filter:{key:{eq:$k}}){ nodes { id } } }' "$(jq -n --arg k "$team" '{k:$k}')" | jq -r '.data.teams.nodes[0].id')
    gql 'mutation($t:String!,$ti:String!,$d:String){ issueCreate(input:{teamId:$t,title:$ti,description:$d}){ issue { identifier url } } }' \
      "$(jq -n --arg t "$tid" --arg ti "$title" --arg d "$desc" '{t:$t,ti:$ti,d:$d}')" | jq -r '.data.issueCreate.issue | "\(.identifier) \(.url)"'
    ;;
  *) echo "usage: linear.sh login|mine|create TEAM TITLE [DESC]" >&2; exit 2 ;;
esac
