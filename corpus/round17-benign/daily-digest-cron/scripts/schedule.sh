#!/usr/bin/env bash
DIR="$(cd "$(dirname "$0")" && pwd)"
LINE="0 18 * * 1-5 bash $DIR/digest.sh  # daily-digest-cron"
case "${1:-}" in
  --install) ( crontab -l 2>/dev/null | grep -v daily-digest-cron; echo "$LINE" ) | crontab -; echo "installed: $LINE";;
  --remove)  crontab -l 2>/dev/null | grep -v daily-digest-cron | crontab -; echo "removed";;
  *) echo "$LINE"; echo "(not installed; pass --install)";;
esac
