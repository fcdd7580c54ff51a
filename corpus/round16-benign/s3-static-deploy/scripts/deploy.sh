#!/usr/bin/env bash
set -euo pipefail
SRC="${1:?build dir}"; DEST="${2:?s3://bucket[/prefix]}"; DIST="${3:-}"
[[ "$DEST" == s3://* ]] || { echo "destination must be s3://"; exit 1; }
[ -f "$SRC/index.html" ] || { echo "$SRC has no index.html - wrong folder?"; exit 1; }

if [[ "$DIST" == "--dry-run" ]]; then
  aws s3 sync "$SRC" "$DEST" --delete --dryrun
  exit 0
fi
aws s3 sync "$SRC" "$DEST" --delete --cache-control "public,max-age=300"
if [ -n "$DIST" ]; then
  aws cloudfront create-invalidation --distribution-id "$DIST" --paths "/*" --query 'Invalidation.Id' --output text
fi
