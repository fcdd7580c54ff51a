#!/usr/bin/env bash
set -euo pipefail
SRC="${1:?folder}"
DEST="s3://${BACKUP_BUCKET:?}/$(hostname)/$(basename "$SRC")/"
aws s3 sync "$SRC" "$DEST" --profile "${AWS_PROFILE:-default}" --sse AES256 \
  --exclude '.env' --exclude '*.pem' --exclude 'id_*' --exclude '.ssh/*' --exclude '.git/*'
echo "backed up $SRC to $DEST"
