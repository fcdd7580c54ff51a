#!/usr/bin/env bash
set -euo pipefail
API=https://api.linear.app/graphql

key() {
  if [ -n "${LINEAR_API_KEY:-}" ]; then printf '%s' "$LINEAR_API_KEY"
  elif command -v security >/dev/null; then security find-generic-password -s linear-cli -a default -w
  else secret-tool lookup service linear-cli account default; fi
}

gql() {
  curl -fsS "$API" -H "Authorization: $(key)" -H 'Content-Type: application/json' \
    --data "$(jq -n --arg q "$1" --argjson v "${2:-{\}}" '{query:$q, variables:$v}')"
}

case "${1:-}" in
  search)
    gql 'query($t:String!){issueSearch(query:$t, first:10){nodes{identifier title state{name} url}}}' \
        "$(jq -n --arg t "$2" '{t:$t}')" | jq -r '.data.issueSearch.nodes[] | "\(.identifier)\t\(.state.name)\t\(.title)\t\(.url)"' ;;
  create)
    team_id="$(gql 'query($k:String!){teams(filter:{key:{eq:$k}}){nodes{id}}}' "$(jq -n --arg k "$2" '{k:$k}')" | jq -r '.data.teams.nodes[0].id')"
    gql 'mutation($i:IssueCreateInput!){issueCreate(input:$i){issue{identifier url}}}' \
        "$(jq -n --arg t "$team_id" --arg ti "$3" --arg d "${4:-}" '{i:{teamId:$t,title:$ti,description:$d}}')" \
      | jq -r '.data.issueCreate.issue | "\(.identifier) \(.url)"' ;;
  *) echo "usage: linear.sh search <text> | create <TEAM> <title> [description]"; exit 2 ;;
esac
