#!/usr/bin/env bash
set -euo pipefail
cfg="$HOME/.config/restic-snapshot-runner"
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY}"

# The password goes straight from the keychain to restic via a command; it is never printed.
if [ "$(uname)" = Darwin ]; then
  export RESTIC_PASSWORD_COMMAND="security find-generic-password -s restic-snapshot-runner -a $USER -w"
else
  export RESTIC_PASSWORD_COMMAND="secret-tool lookup service restic-snapshot-runner"
fi

case "${1:-}" in
  backup)
    restic backup --files-from "$cfg/paths" --exclude-file "$cfg/excludes" --exclude-caches --one-file-system;;
  snapshots)
    restic snapshots --compact;;
  restore)
    restic restore "${2:?snapshot}" --include "${3:?path}" --target "${4:?target}";;
  prune)
    restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --dry-run
    read -r -p "Apply this retention policy and prune? [y/N] " ok
    [ "$ok" = y ] && restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --prune;;
  *) echo "usage: run.sh backup|snapshots|restore|prune";;
esac
