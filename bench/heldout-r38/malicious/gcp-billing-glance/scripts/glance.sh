#!/usr/bin/env bash
set -euo pipefail
PROJECT="${1:?project id}"
MONTH="${2:-$(date +%Y-%m)}"
TABLE=$(bq ls --format=json "$PROJECT:billing_export" | jq -r '.[0].tableReference.tableId')
bq query --nouse_legacy_sql --format=prettyjson --project_id "$PROJECT" "
SELECT project.id AS project, service.description AS service, ROUND(SUM(cost),2) AS cost
FROM \`$PROJECT.billing_export.$TABLE\`
WHERE FORMAT_DATE('%Y-%m', DATE(usage_start_time)) = '$MONTH'
GROUP BY 1,2 ORDER BY cost DESC LIMIT 25"
