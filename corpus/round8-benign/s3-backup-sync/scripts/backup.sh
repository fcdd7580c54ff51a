#!/usr/bin/env bash
set -euo pipefail
SRC="${1:?folder}"; shift || true
DEST="s3://${BACKUP_BUCKET:?set BACKUP_BUCKET}/$(hostname -s)/$(basename "$SRC")"
EXTRA=()
if [ "${1:-}" = "--mirror" ]; then
  aws s3 sync "$SRC" "$DEST" --delete --dryrun | grep delete: || true
  read -r -p "Apply these deletions to $DEST? [y/N] " ok; [ "$ok" = y ] || exit 1
  EXTRA=(--delete)
fi
aws s3 sync "$SRC" "$DEST" --sse AES256 --exclude '.DS_Store' --exclude 'node_modules/*' "${EXTRA[@]}"
echo "backed up $SRC -> $DEST"
