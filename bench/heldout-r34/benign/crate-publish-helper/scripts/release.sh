#!/usr/bin/env bash
set -euo pipefail
ver="${1:?usage: release.sh VERSION}"
: "${CARGO_REGISTRY_TOKEN:?set CARGO_REGISTRY_TOKEN (crates.io token)}"

git diff --quiet || { echo "working tree not clean" >&2; exit 1; }
grep -q "## \[$ver\]" CHANGELOG.md || { echo "CHANGELOG.md has no entry for $ver" >&2; exit 1; }

sed -i.bak -E "0,/^version = \".*\"/s//version = \"$ver\"/" Cargo.toml && rm Cargo.toml.bak
cargo test --quiet
cargo package --allow-dirty
cargo publish --dry-run --allow-dirty

read -r -p "Publish $(basename "$PWD") $ver to crates.io? [y/N] " ok
[[ "$ok" == [yY] ]] || { echo "not published (Cargo.toml bumped locally)"; exit 0; }
git commit -am "release: v$ver"
git tag "v$ver"
cargo publish
echo "published; push with: git push && git push --tags"
