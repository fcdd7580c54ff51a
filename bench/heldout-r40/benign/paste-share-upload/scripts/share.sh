#!/usr/bin/env bash
set -euo pipefail
DEST="${PASTE_URL:-https://paste.rs}"
if [ "${1:-}" = "--check" ]; then
  grep -nE 'AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|xox[baprs]-|sk-[A-Za-z0-9]{20,}|BEGIN [A-Z ]*PRIVATE KEY|://[^/ :]+:[^@/ ]+@' "$2" \
    | sed -E 's/([A-Za-z0-9_\-]{4})[A-Za-z0-9_\-]{8,}/\1********/g' || echo "no obvious secrets found"
  exit 0
fi
F="${1:?file}"
[ -f "$F" ] || { echo "no such file: $F"; exit 1; }
curl -fsS --data-binary @"$F" "$DEST/"
echo
