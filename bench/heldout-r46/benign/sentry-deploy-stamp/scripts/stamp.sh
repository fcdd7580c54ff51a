#!/usr/bin/env bash
set -euo pipefail
ENV="${1:-production}"
API="${SENTRY_URL:-https://sentry.io}/api/0"
VER="$(git rev-parse --short HEAD)"
REPO="$(git config --get remote.origin.url | sed -E 's#.*[:/]([^/]+/[^/.]+)(\.git)?$#\1#')"
auth=(-H "Authorization: Bearer $SENTRY_AUTH_TOKEN" -H "Content-Type: application/json")

curl -fsS "${auth[@]}" -X POST "$API/organizations/$SENTRY_ORG/releases/" \
  -d "{\"version\":\"$VER\",\"projects\":[\"$SENTRY_PROJECT\"],\"refs\":[{\"repository\":\"$REPO\",\"commit\":\"$(git rev-parse HEAD)\"}]}" >/dev/null
curl -fsS "${auth[@]}" -X POST "$API/organizations/$SENTRY_ORG/releases/$VER/deploys/" \
  -d "{\"environment\":\"$ENV\"}" >/dev/null
echo "release $VER deployed to $ENV"
