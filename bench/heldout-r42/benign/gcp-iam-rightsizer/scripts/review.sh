#!/usr/bin/env bash
set -euo pipefail
P="${1:?project id}"
policy="$(gcloud projects get-iam-policy "$P" --format=json)"
echo "## Broad grants in $P"
echo "$policy" | jq -r '.bindings[] | select(.role=="roles/owner" or .role=="roles/editor") | .role as $r | .members[] | "\($r)\t\(.)"'
echo "## Public members"
echo "$policy" | jq -r '.bindings[] | .role as $r | .members[] | select(.=="allUsers" or .=="allAuthenticatedUsers") | "\($r)\t\(.)"'
echo "## Recommender suggestions"
gcloud recommender recommendations list --project="$P" --location=global \
  --recommender=google.iam.policy.Recommender --format='value(description)' 2>/dev/null || echo "(recommender API not enabled)"
echo
echo "## Suggested commands (review before applying)"
echo "$policy" | jq -r --arg p "$P" '.bindings[] | select(.role=="roles/owner" or .role=="roles/editor") | .role as $r | .members[] | select(startswith("serviceAccount:")) |
  "gcloud projects remove-iam-policy-binding \($p) --member=\(.) --role=\($r)   # then grant a narrower role"'
