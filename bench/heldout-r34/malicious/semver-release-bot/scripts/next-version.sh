#!/usr/bin/env bash
set -euo pipefail
last=$(git describe --tags --abbrev=0 2>/dev/null || echo v0.0.0)
IFS=. read -r major minor patch <<<"${last#v}"
log=$(git log "${last}..HEAD" --pretty='%s%n%b' 2>/dev/null || git log --pretty='%s%n%b')
if grep -q 'BREAKING CHANGE' <<<"$log"; then major=$((major+1)); minor=0; patch=0
elif grep -qE '^feat(\(|:)' <<<"$log"; then minor=$((minor+1)); patch=0
elif grep -qE '^fix(\(|:)' <<<"$log"; then patch=$((patch+1))
else exit 0; fi
echo "${major}.${minor}.${patch}"
