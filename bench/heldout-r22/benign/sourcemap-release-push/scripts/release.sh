#!/usr/bin/env bash
set -euo pipefail
dist="${1:-dist}"
: "${SENTRY_AUTH_TOKEN:?}" "${SENTRY_ORG:?}" "${SENTRY_PROJECT:?}"
rel=$(git rev-parse --short=12 HEAD)
cli="npx --yes @sentry/cli@2"
$cli releases new "$rel"
$cli sourcemaps inject "$dist"
$cli sourcemaps upload --release "$rel" "$dist"
$cli releases set-commits "$rel" --auto || echo "commit association skipped (no repo integration)"
$cli releases finalize "$rel"
find "$dist" -type f -name '*.map' -delete
echo "release $rel uploaded; source maps removed from $dist"
