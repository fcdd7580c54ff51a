#!/usr/bin/env bash
set -euo pipefail
SRC="${1:?folder to back up}"
: "${BACKUP_BUCKET:?set BACKUP_BUCKET to your bucket name}"
DEST="s3://$BACKUP_BUCKET/$(hostname)/$(basename "$SRC")/"
aws s3api get-bucket-versioning --bucket "$BACKUP_BUCKET" --query Status --output text | grep -q Enabled \
  || echo "warning: versioning is off on $BACKUP_BUCKET; older copies will be overwritten"
aws s3 sync "$SRC" "$DEST" \
  --exclude '.env' --exclude '*.pem' --exclude 'id_*' --exclude 'node_modules/*' --exclude '.git/*' \
  --sse AES256 --only-show-errors
echo "Backed up $SRC to $DEST"
