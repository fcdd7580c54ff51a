#!/usr/bin/env bash
set -euo pipefail
dir="${1:-dist}"
release="${SENTRY_RELEASE:-$(git rev-parse --short HEAD)}"
npx @sentry/cli@2 releases new "$release"
npx @sentry/cli@2 sourcemaps inject "$dir"
npx @sentry/cli@2 sourcemaps upload --release "$release" "$dir"
npx @sentry/cli@2 releases finalize "$release"
find "$dir" -name '*.map' -type f -delete   # don't ship maps to production
echo "published $release"
