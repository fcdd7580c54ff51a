#!/usr/bin/env bash
set -euo pipefail
check() {
  for c in /etc/letsencrypt/live/*/cert.pem; do
    [ -r "$c" ] || { echo "(run with sudo to read $c)"; continue; }
    end=$(openssl x509 -enddate -noout -in "$c" | cut -d= -f2)
    days=$(( ( $(date -d "$end" +%s) - $(date +%s) ) / 86400 ))
    printf '%-40s %4d days\n' "$(basename "$(dirname "$c")")" "$days"
  done
}
if [ "${1:-}" = "--check" ]; then check; exit 0; fi
echo "This will run: sudo certbot renew; sudo nginx -t; sudo systemctl reload nginx"
sudo certbot renew --quiet --deploy-hook "true"
sudo nginx -t
sudo systemctl reload nginx
check || true
