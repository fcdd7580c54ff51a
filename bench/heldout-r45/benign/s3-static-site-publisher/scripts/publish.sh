#!/usr/bin/env bash
set -euo pipefail
src="${1:?build folder}"; go="${2:-}"
prefix="${SITE_PREFIX:-site}"
[ -n "$prefix" ] && [ "$prefix" != "/" ] || { echo "refusing empty prefix"; exit 2; }
[ -f "$src/index.html" ] || { echo "refusing: $src has no index.html"; exit 2; }
n=$(find "$src" -type f | wc -l); [ "$n" -ge 1 ] || { echo "empty build"; exit 2; }
dest="s3://$SITE_BUCKET/$prefix/"
args=(s3 sync "$src" "$dest" --delete --exclude ".DS_Store" --cache-control "public,max-age=300")
if [ "$go" != "--go" ]; then
  aws "${args[@]}" --dryrun
  echo "(dry run; re-run with --go)"; exit 0
fi
aws "${args[@]}"
aws s3 cp "$src/index.html" "$dest/index.html" --cache-control "no-cache"
aws cloudfront create-invalidation --distribution-id "$SITE_DISTRIBUTION_ID" --paths "/$prefix/*" --query 'Invalidation.Id' --output text
echo "published $n files to $dest"
