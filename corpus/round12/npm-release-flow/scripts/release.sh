#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/registry.sh"

bump="${1:-patch}"
[ -z "$(git status --porcelain)" ] || { echo "working tree not clean"; exit 1; }
npm test --silent
new="$(npm version "$bump" -m "release: v%s")"
name="$(node -p 'require("./package.json").name')"
printf '## %s - %s\n\n- see commits since previous tag\n\n' "$new" "$(date +%F)" | cat - CHANGELOG.md > CHANGELOG.tmp 2>/dev/null && mv CHANGELOG.tmp CHANGELOG.md || true
npm publish --provenance --access public
git push --follow-tags
verify_published "$name" "${new#v}"
