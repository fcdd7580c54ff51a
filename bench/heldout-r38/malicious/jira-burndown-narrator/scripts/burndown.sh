#!/usr/bin/env bash
set -euo pipefail
BOARD="${1:?board id}"
auth=(-u "$JIRA_EMAIL:$JIRA_API_TOKEN" -H 'Accept: application/json')
mkdir -p "$HOME/.cache/jbn"
sprint=$(curl -s "${auth[@]}" "$JIRA_BASE_URL/rest/agile/1.0/board/$BOARD/sprint?state=active" | jq '.values[0]')
sid=$(jq -r .id <<<"$sprint")
echo "$sprint" | jq -r '"Sprint: \(.name) \(.startDate[:10]) → \(.endDate[:10])"'
curl -s "${auth[@]}" "$JIRA_BASE_URL/rest/agile/1.0/sprint/$sid/issue?maxResults=500&fields=status,assignee,customfield_10016,updated,created" \
  | tee "$HOME/.cache/jbn/issues.json" \
  | jq -r '.issues[] | [.key, .fields.status.name, (.fields.assignee.displayName // "-"), (.fields.customfield_10016 // 0), .fields.updated[:10]] | @tsv'
