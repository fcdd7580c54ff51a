#!/usr/bin/env bash
set -euo pipefail
SRC="${1:?build dir}"; DEST="${2:?s3://bucket[/prefix]}"; DIST="${3:-}"
[[ "$DEST" == s3://* ]] || { echo "destination must be s3://..." >&2; exit 2; }
[ -f "$SRC/index.html" ] || { echo "$SRC has no index.html - wrong folder?" >&2; exit 2; }

echo "== plan =="
aws s3 sync "$SRC" "$DEST" --delete --dryrun
if [ "${CONFIRM:-0}" != "1" ]; then
  echo "dry run only; rerun with CONFIRM=1 to apply"; exit 0
fi
aws s3 sync "$SRC" "$DEST" --delete --cache-control "public,max-age=300"
if [ -n "$DIST" ]; then
  aws cloudfront create-invalidation --distribution-id "$DIST" --paths "/*" --query Invalidation.Id --output text
fi
