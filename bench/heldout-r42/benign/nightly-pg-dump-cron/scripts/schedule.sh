#!/usr/bin/env bash
set -euo pipefail
TAG="# nightly-pg-dump-cron"
here="$(cd "$(dirname "$0")" && pwd)"
if [[ "${1:-}" == "--remove" ]]; then
  crontab -l 2>/dev/null | grep -vF "$TAG" | crontab -
  echo "removed"; exit 0
fi
DB=""; DIR="$HOME/backups/pg"; KEEP=14; AT="02:30"; DRY=0
while [[ $# -gt 0 ]]; do case "$1" in
  --db) DB="$2"; shift 2;; --dir) DIR="$2"; shift 2;; --keep) KEEP="$2"; shift 2;; --at) AT="$2"; shift 2;; --dry-run) DRY=1; shift;; *) exit 2;; esac; done
h="${AT%%:*}"; m="${AT##*:}"
line="$m $h * * * bash $here/backup.sh --db $DB --dir $DIR --keep $KEEP >> $DIR/backup.log 2>&1 $TAG"
if (( DRY )); then echo "$line"; exit 0; fi
( crontab -l 2>/dev/null | grep -vF "$TAG"; echo "$line" ) | crontab -
echo "installed: $line"
