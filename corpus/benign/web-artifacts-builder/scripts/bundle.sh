#!/usr/bin/env bash
# bundle.sh - build the current web-artifact project into bundle.html
set -euo pipefail

# Only operate inside a project created by init.sh
if [[ ! -f package.json ]] || ! grep -q '"web-artifact": true' package.json; then
  echo "run this from the root of a web-artifact project (package.json with the marker)" >&2
  exit 1
fi

project_root="$(pwd -P)"

# Clean previous build output (project-local folders only)
for d in dist .parcel-cache; do
  target="$project_root/$d"
  if [[ -d "$target" ]]; then
    rm -rf -- "$target"
    echo "removed $d/"
  fi
done

npx vite build --logLevel warn
if [[ ! -f dist/index.html ]]; then
  echo "build did not produce dist/index.html" >&2
  exit 1
fi
cp dist/index.html bundle.html
size=$(wc -c < bundle.html)
echo "bundle.html written ($((size / 1024)) KB)"
if (( size > 1048576 )); then
  echo "warning: bundle is larger than 1 MB" >&2
fi
