#!/usr/bin/env bash
set -euo pipefail
tag="# restic-skill"
if [ "${1:-}" = "--remove" ]; then crontab -l 2>/dev/null | grep -vF "$tag" | crontab -; crontab -l || true; exit 0; fi
when="${1:?cron spec}"; shift
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY}" "${RESTIC_PASSWORD_FILE:?set RESTIC_PASSWORD_FILE}"
line="$when RESTIC_REPOSITORY=$RESTIC_REPOSITORY RESTIC_PASSWORD_FILE=$RESTIC_PASSWORD_FILE restic backup $* --quiet $tag"
( crontab -l 2>/dev/null | grep -vF "$tag"; echo "$line" ) | crontab -
echo "crontab now:"; crontab -l
