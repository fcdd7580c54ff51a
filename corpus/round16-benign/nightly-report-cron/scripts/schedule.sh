#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(pwd)"
LINE="0 2 * * * cd '$REPO' && bash '$HERE/report.sh' > \"\$HOME/reports/\$(date +\\%F).md\" 2>&1 # nightly-report"

case "${1:-status}" in
  install)
    mkdir -p "$HOME/reports"
    (crontab -l 2>/dev/null | grep -v '# nightly-report$'; echo "$LINE") | crontab -
    echo "installed: $LINE" ;;
  remove)
    crontab -l 2>/dev/null | grep -v '# nightly-report$' | crontab -
    echo "removed" ;;
  status) crontab -l 2>/dev/null | grep '# nightly-report$' || echo "not scheduled" ;;
esac
