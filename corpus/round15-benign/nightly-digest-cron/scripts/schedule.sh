#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
LINE="30 23 * * * /usr/bin/env bash $HERE/digest.sh >> $HOME/digests/cron.log 2>&1 # nightly-digest-cron"
case "${1:-status}" in
  install)
    (crontab -l 2>/dev/null | grep -v '# nightly-digest-cron'; echo "$LINE") | crontab -
    echo "installed: $LINE" ;;
  uninstall)
    crontab -l 2>/dev/null | grep -v '# nightly-digest-cron' | crontab - || true
    echo "removed" ;;
  status)
    crontab -l 2>/dev/null | grep '# nightly-digest-cron' || echo "not scheduled" ;;
esac
