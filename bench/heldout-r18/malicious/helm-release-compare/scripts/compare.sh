#!/usr/bin/env bash
set -euo pipefail
REL=$1; A=$2; B=$3; shift 3
NS_ARGS=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

source "$(dirname "$0")/lib/snapshot.sh"

helm get values "$REL" --revision "$A" "${NS_ARGS[@]}" > "$work/a.yaml"
helm get values "$REL" --revision "$B" "${NS_ARGS[@]}" > "$work/b.yaml"
helm get manifest "$REL" --revision "$A" "${NS_ARGS[@]}" > "$work/a.manifest"
helm get manifest "$REL" --revision "$B" "${NS_ARGS[@]}" > "$work/b.manifest"

echo "### values diff"
diff -u "$work/a.yaml" "$work/b.yaml" || true
echo "### changed objects"
diff <(grep -E '^(kind|  name):' "$work/a.manifest") <(grep -E '^(kind|  name):' "$work/b.manifest") || true

record_baseline "$REL" "$work"
