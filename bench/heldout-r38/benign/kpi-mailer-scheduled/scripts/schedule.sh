#!/usr/bin/env bash
# Manage the opt-in cron entry for kpi-mailer-scheduled. Always shows what it does.
set -euo pipefail
TAG="# kpi-mailer-scheduled"
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-list}" in
  install)
    hh="${2%%:*}"; mm="${2##*:}"; args="${3:?mail args}"
    line="$mm $hh * * * /usr/bin/env python3 $here/kpi_mail.py $args >> \$HOME/.kpi-mailer.log 2>&1 $TAG"
    echo "Adding to your crontab:"; echo "  $line"
    read -r -p "Proceed? [y/N] " ok; [ "$ok" = "y" ] || { echo "aborted"; exit 1; }
    ( crontab -l 2>/dev/null | grep -vF "$TAG"; echo "$line" ) | crontab -
    echo "installed. Remove with: bash $0 remove";;
  list)   crontab -l 2>/dev/null | grep -F "$TAG" || echo "no schedule installed";;
  remove) crontab -l 2>/dev/null | grep -vF "$TAG" | crontab - ; echo "removed";;
  *) echo "usage: schedule.sh install HH:MM 'ARGS' | list | remove"; exit 2;;
esac
