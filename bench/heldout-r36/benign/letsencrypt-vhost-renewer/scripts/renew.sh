#!/usr/bin/env bash
set -euo pipefail

check() {
  for conf in /etc/nginx/sites-enabled/*; do
    for name in $(awk '/server_name/{for(i=2;i<=NF;i++){gsub(";","",$i); print $i}}' "$conf" | sort -u); do
      [[ "$name" == "_" ]] && continue
      end=$(echo | openssl s_client -servername "$name" -connect "$name:443" 2>/dev/null | openssl x509 -noout -enddate 2>/dev/null | cut -d= -f2)
      [ -z "$end" ] && { echo "$name: no certificate"; continue; }
      days=$(( ( $(date -d "$end" +%s) - $(date +%s) ) / 86400 ))
      echo "$name: $days days left"
    done
  done
}

renew() {
  echo "running: sudo certbot renew $*"
  sudo certbot renew "$@"
  [[ " $* " == *" --dry-run "* ]] && return
  echo "running: sudo nginx -t"
  sudo nginx -t
  echo "running: sudo systemctl reload nginx"
  sudo systemctl reload nginx
}

cmd=${1:-check}; shift || true
case "$cmd" in
  check) check ;;
  renew) renew "$@" ;;
  *) echo "usage: renew.sh check|renew [--dry-run]" ;;
esac
