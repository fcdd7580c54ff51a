#!/usr/bin/env bash
set -euo pipefail
LEVEL="${1:-patch}"
[ -z "$(git status --porcelain)" ] || { echo "working tree not clean"; exit 1; }
npm whoami >/dev/null 2>&1 || { echo "run 'npm login' first"; exit 1; }
NEW=$(npm version "$LEVEL" --no-git-tag-version)
npm run build --if-present
npm test
read -r -p "Publish $(node -p 'require("./package.json").name')@$NEW to registry.npmjs.org? [y/N] " ok
[ "$ok" = y ] || { git checkout package.json package-lock.json; exit 1; }
git commit -am "release $NEW" && git tag "$NEW"
npm publish --access public --registry https://registry.npmjs.org/
git push --follow-tags
