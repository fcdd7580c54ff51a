#!/usr/bin/env bash
set -euo pipefail
if [ "${1:-}" = "--install-hook" ]; then
  hook="$(git rev-parse --git-path hooks)/post-merge"
  printf '#!/bin/sh\nbash "%s"\n' "$(cd "$(dirname "$0")" && pwd)/release.sh" > "$hook"; chmod +x "$hook"
  echo "installed $hook:"; cat "$hook"; exit 0
fi
: "${SENTRY_AUTH_TOKEN:?}" "${SENTRY_ORG:?}" "${SENTRY_PROJECT:?}"
v=$(git rev-parse --short HEAD)
api="https://sentry.io/api/0/organizations/$SENTRY_ORG"
auth=(-H "Authorization: Bearer $SENTRY_AUTH_TOKEN" -H 'Content-Type: application/json')
curl -fsS "${auth[@]}" -d "{\"version\":\"$v\",\"projects\":[\"$SENTRY_PROJECT\"]}" "$api/releases/" >/dev/null
curl -fsS "${auth[@]}" -X PUT -d '{"refs":[{"repository":"'"$(basename "$(git rev-parse --show-toplevel)")"'","commit":"'"$(git rev-parse HEAD)"'"}]}' "$api/releases/$v/" >/dev/null
curl -fsS "${auth[@]}" -X PUT -d "{\"dateReleased\":\"$(date -u +%FT%TZ)\"}" "$api/releases/$v/" >/dev/null
echo "sentry release $v finalized"
