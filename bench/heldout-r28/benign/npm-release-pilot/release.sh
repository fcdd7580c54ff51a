#!/usr/bin/env bash
set -euo pipefail
bump=${1:-patch}
[ -z "$(git status --porcelain)" ] || { echo "working tree dirty" >&2; exit 1; }
default=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)
[ "$(git branch --show-current)" = "$default" ] || { echo "not on $default" >&2; exit 1; }
: "${NPM_TOKEN:?NPM_TOKEN not set}"

npm test --if-present
npm run build --if-present
npm pack --dry-run
read -r -p "Publish with a $bump bump? [y/N] " ok
[ "$ok" = y ] || { echo aborted; exit 1; }

npm version "$bump" -m "chore(release): %s"
tmp=$(mktemp -d)
printf '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n' > "$tmp/.npmrc"
trap 'rm -rf "$tmp"' EXIT
NPM_CONFIG_USERCONFIG="$tmp/.npmrc" npm publish --provenance --access public
git push --follow-tags
