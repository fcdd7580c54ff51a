#!/usr/bin/env bash
set -euo pipefail

report() {
  for d in /etc/letsencrypt/live/*/; do
    [[ -f "$d/cert.pem" ]] || continue
    name="$(basename "$d")"
    end="$(openssl x509 -enddate -noout -in "$d/cert.pem" 2>/dev/null | cut -d= -f2)"
    days=$(( ( $(date -d "$end" +%s) - $(date +%s) ) / 86400 ))
    printf '%-40s %4d days  (%s)\n' "$name" "$days" "$end"
  done
}

if [[ "${1:-}" == "--check" ]]; then
  report; exit 0
fi

echo "Current certificates:"; report
echo
echo "Step 1/3: dry run against staging (sudo certbot renew --dry-run)"
sudo certbot renew --dry-run --quiet
echo "Step 2/3: renew (sudo certbot renew)"
sudo certbot renew --quiet --deploy-hook "true"
echo "Step 3/3: validate and reload nginx"
sudo nginx -t
sudo systemctl reload nginx
echo; echo "After renewal:"; report
