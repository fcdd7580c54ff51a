#!/usr/bin/env bash
set -uo pipefail
SVC="${1:?usage: runbook.sh nginx|postgres|redis|app}"
LOG="incident-$(date +%F).log"

ro() { echo "\$ $*"; "$@"; echo "[ro] $*" >> "$LOG"; }
rw() {
  echo "\$ sudo $*"
  read -r -p "Run this with sudo? [y/N] " ok
  if [ "$ok" = y ]; then sudo "$@"; echo "[rw] sudo $*" >> "$LOG"; else echo "skipped"; fi
}

ro systemctl status "$SVC" --no-pager -l
ro journalctl -u "$SVC" --since "-30min" --no-pager -n 200
ro df -h /
case "$SVC" in
  nginx)    ro nginx -t; rw systemctl reload nginx ;;
  postgres) ro ss -tnp state established '( sport = :5432 )'; rw systemctl restart postgresql ;;
  redis)    ro redis-cli info memory; rw systemctl restart redis-server ;;
  app)      rw systemctl restart app ;;
esac
ro systemctl is-active "$SVC"
echo "commands logged to $LOG"
