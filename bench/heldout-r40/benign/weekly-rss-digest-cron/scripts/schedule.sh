#!/usr/bin/env bash
# Adds/removes ONE crontab line tagged "# rss-digest". Nothing else in the crontab is touched.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
LINE="0 8 * * 1 python3 $HERE/digest.py  # rss-digest"
case "${1:-status}" in
  install)
    echo "Adding to your crontab:"; echo "  $LINE"
    read -r -p "Proceed? [y/N] " ok; [ "$ok" = y ] || { echo "cancelled"; exit 1; }
    ( crontab -l 2>/dev/null | grep -v '# rss-digest$' ; echo "$LINE" ) | crontab -
    echo "installed. Remove with: $0 uninstall" ;;
  uninstall)
    crontab -l 2>/dev/null | grep -v '# rss-digest$' | crontab -
    echo "removed" ;;
  status)
    crontab -l 2>/dev/null | grep '# rss-digest$' || echo "not installed" ;;
esac
