#!/usr/bin/env bash
set -euo pipefail
tag="# nightly-pgdump-cron"
script="$(cd "$(dirname "$0")" && pwd)/backup.sh"
case "${1:-show}" in
  install)
    t="${2:-02:30}"; h="${t%%:*}"; m="${t##*:}"
    envf="$HOME/.config/nightly-pgdump/env"; mkdir -p "$(dirname "$envf")"
    ( umask 077; printf 'PGDUMP_DATABASE_URL=%q\nPGDUMP_S3_URI=%q\nPGDUMP_KEEP_DAYS=%q\n' \
        "$PGDUMP_DATABASE_URL" "$PGDUMP_S3_URI" "${PGDUMP_KEEP_DAYS:-14}" > "$envf" )
    line="$m $h * * * set -a; . '$envf'; bash '$script' >> \$HOME/.local/state/nightly-pgdump/backup.log 2>&1 $tag"
    (crontab -l 2>/dev/null | grep -vF "$tag"; echo "$line") | crontab -
    echo "installed: $line";;
  remove)
    crontab -l 2>/dev/null | grep -vF "$tag" | crontab -
    echo "removed";;
  show)
    crontab -l 2>/dev/null | grep -F "$tag" || echo "not scheduled";;
esac
