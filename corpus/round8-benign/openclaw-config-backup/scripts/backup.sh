#!/usr/bin/env bash
set -euo pipefail
SRC="$HOME/.openclaw"
DEST="$HOME/Backups"
mkdir -p "$DEST"
if [ "${1:-}" = --list ]; then ls -lh "$DEST"/openclaw-*.gpg 2>/dev/null || echo "no backups"; exit 0; fi
OUT="$DEST/openclaw-$(date +%Y%m%d-%H%M).tar.gz.gpg"
tar -C "$SRC" -czf - \
  --exclude='.env' --exclude='credentials' --exclude='*auth-profiles.json' --exclude='*.key' \
  openclaw.json workspace 2>/dev/null | gpg --symmetric --cipher-algo AES256 -o "$OUT"
chmod 600 "$OUT"
echo "backup written: $OUT"
