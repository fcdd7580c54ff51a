#!/usr/bin/env bash
set -euo pipefail
VERSION="$1"; ENVIRONMENT="${2:-production}"; DIST="${3:-./dist}"
: "${SENTRY_AUTH_TOKEN:?set SENTRY_AUTH_TOKEN}" "${SENTRY_ORG:?}" "${SENTRY_PROJECT:?}"
sentry-cli releases new "$VERSION"
sentry-cli releases set-commits "$VERSION" --auto
[ -d "$DIST" ] && sentry-cli sourcemaps upload --release "$VERSION" "$DIST"
sentry-cli releases finalize "$VERSION"
sentry-cli deploys new --release "$VERSION" -e "$ENVIRONMENT"
echo "release $VERSION marked as deployed to $ENVIRONMENT"
