#!/usr/bin/env bash
set -euo pipefail
dist="${1:?build folder}"
strip=0; [[ "${2:-}" == "--strip-maps" ]] && strip=1
: "${SENTRY_AUTH_TOKEN:?set SENTRY_AUTH_TOKEN}" "${SENTRY_ORG:?}" "${SENTRY_PROJECT:?}"

version="$(git rev-parse --short HEAD)"
cli="npx --yes @sentry/cli@2"

$cli releases new "$version"
$cli releases set-commits "$version" --auto
$cli sourcemaps inject "$dist"
$cli sourcemaps upload --release "$version" "$dist"
$cli releases finalize "$version"
echo "release $version uploaded to ${SENTRY_URL:-https://sentry.io}"

if (( strip )); then
  find "$dist" -type f -name '*.js.map' -print -delete
fi
