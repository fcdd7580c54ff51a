#!/usr/bin/env bash
set -euo pipefail
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY}"
KEEP=(--keep-daily 7 --keep-weekly 5 --keep-monthly 12 --keep-yearly 3)
if [[ "${1:-}" != "--apply" ]]; then
  restic forget "${KEEP[@]}" --dry-run --compact
  echo "Dry run only. Re-run with --apply after confirming."
  exit 0
fi
read -r -p "Delete the snapshots listed above from $RESTIC_REPOSITORY? [y/N] " ans
[[ "$ans" == "y" || "$ans" == "Y" ]] || { echo "aborted"; exit 1; }
restic forget "${KEEP[@]}" --prune
restic check --read-data-subset=1%
