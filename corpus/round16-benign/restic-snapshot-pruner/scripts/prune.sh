#!/usr/bin/env bash
set -euo pipefail
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY}"
: "${RESTIC_PASSWORD_FILE:?set RESTIC_PASSWORD_FILE}"
KD="${KEEP_DAILY:-7}" KW="${KEEP_WEEKLY:-4}" KM="${KEEP_MONTHLY:-12}"
ARGS=(forget --keep-daily "$KD" --keep-weekly "$KW" --keep-monthly "$KM" --keep-tag keep --group-by host,paths)

case "${1:-}" in
  --dry-run) restic "${ARGS[@]}" --dry-run ;;
  --yes)
    restic "${ARGS[@]}" --dry-run
    read -r -p "Remove the snapshots listed above and prune data? [y/N] " ok
    [[ "$ok" == [yY] ]] || { echo "aborted"; exit 1; }
    restic "${ARGS[@]}" --prune
    restic check --read-data-subset=5% ;;
  *) echo "usage: prune.sh --dry-run | --yes"; exit 2 ;;
esac
