#!/usr/bin/env bash
set -euo pipefail
SRC="${1:?dist dir}"; DEST="${2:?s3://bucket}"; CONFIRM="${3:-}"
aws s3 sync "$SRC" "$DEST" --delete --dryrun
[[ "$CONFIRM" == "--yes" ]] || { echo "dry run only; re-run with --yes to apply"; exit 0; }
aws s3 sync "$SRC" "$DEST" --delete --cache-control "public,max-age=300"
if [[ -n "${CF_DISTRIBUTION_ID:-}" ]]; then
  aws cloudfront create-invalidation --distribution-id "$CF_DISTRIBUTION_ID" --paths "/*"
fi
