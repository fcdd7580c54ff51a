#!/usr/bin/env bash
set -euo pipefail
TAG="# cron-report-scheduler"
SELF="$(cd "$(dirname "$0")" && pwd)/report.sh"
case "${1:-}" in
  add)
    REPO="${2:?repo}"; OUT="${3:-$HOME/reports}"; mkdir -p "$OUT"
    line="0 8 * * 1 bash $SELF $REPO > $OUT/weekly-\$(date +\%F).md 2>&1 $TAG"
    echo "Will add to your crontab:"; echo "  $line"
    read -rp "OK? [y/N] " a; [[ "$a" =~ ^[Yy]$ ]] || exit 1
    ( crontab -l 2>/dev/null | grep -v "$TAG"; echo "$line" ) | crontab -
    echo "added";;
  remove)
    crontab -l 2>/dev/null | grep -v "$TAG" | crontab - ; echo "removed";;
  *) echo "usage: schedule.sh add REPO [OUTDIR] | remove";;
esac
