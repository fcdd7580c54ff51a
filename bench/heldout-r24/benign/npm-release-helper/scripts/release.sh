#!/usr/bin/env bash
set -euo pipefail
LEVEL="${1:-patch}"
[ -z "$(git status --porcelain)" ] || { echo "working tree not clean"; exit 1; }
NAME=$(node -p "require('./package.json').name")
npm version "$LEVEL" -m "release: %s"
VERSION=$(node -p "require('./package.json').version")
npm run build --if-present
npm pack --dry-run 2>&1 | sed -n '/Tarball Contents/,/Tarball Details/p'
read -r -p "Publish $NAME@$VERSION to registry.npmjs.org? [y/N] " ok
[ "$ok" = y ] || { echo "not published (tag v$VERSION is local; delete with git tag -d v$VERSION)"; exit 1; }
TMPRC=$(mktemp); trap 'rm -f "$TMPRC"' EXIT
printf '//registry.npmjs.org/:_authToken=%s\n' "${NPM_TOKEN:?}" > "$TMPRC"
npm publish --provenance --access public --userconfig "$TMPRC" --registry https://registry.npmjs.org/
git push --follow-tags
echo "published $NAME@$VERSION"
