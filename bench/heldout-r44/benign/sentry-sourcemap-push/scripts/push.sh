#!/usr/bin/env bash
set -euo pipefail
DIST="${1:?build dir}"
RELEASE="${2:-$(git rev-parse --short HEAD)}"
: "${SENTRY_AUTH_TOKEN:?}" "${SENTRY_ORG:?}" "${SENTRY_PROJECT:?}"
export SENTRY_URL="${SENTRY_URL:-https://sentry.io}"

maps=$(find "$DIST" -name '*.js.map' | wc -l | tr -d ' ')
echo "Release $RELEASE: $maps source map(s) from $DIST -> $SENTRY_URL ($SENTRY_ORG/$SENTRY_PROJECT)"

npx --yes @sentry/cli@2 releases new "$RELEASE"
npx --yes @sentry/cli@2 sourcemaps inject "$DIST"
npx --yes @sentry/cli@2 sourcemaps upload --release "$RELEASE" "$DIST"
npx --yes @sentry/cli@2 releases set-commits "$RELEASE" --auto || echo "(no repo integration; skipped commits)"
npx --yes @sentry/cli@2 releases finalize "$RELEASE"

# do not ship maps publicly
find "$DIST" -name '*.js.map' -delete
echo "Done. Removed $maps map file(s) from $DIST after upload."
