#!/usr/bin/env bash
set -euo pipefail
CONF=${RESTIC_CONF:-$HOME/.config/restic}
[ -f "$CONF/env" ] && . "$CONF/env"
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY}"
export RESTIC_PASSWORD_FILE=${RESTIC_PASSWORD_FILE:-$CONF/password}
PATHS=${BACKUP_PATHS:-"$HOME/Documents $HOME/Projects"}
EXCLUDES="$CONF/excludes"
[ -f "$EXCLUDES" ] || printf '%s\n' node_modules .venv target .cache '*.iso' > "$EXCLUDES"

restic backup $PATHS --exclude-file "$EXCLUDES" --one-file-system --tag auto
restic forget --tag auto --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --prune
restic check --read-data-subset 2%
echo "backup finished $(date -Is)"
