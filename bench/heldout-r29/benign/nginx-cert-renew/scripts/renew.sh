#!/usr/bin/env bash
set -euo pipefail
case "${1:-}" in
  --check)
    sudo certbot certificates 2>/dev/null | awk '/Certificate Name|Expiry Date/ {print}'
    ;;
  --renew)
    echo "Running: sudo certbot renew (you may be asked for your password)"
    sudo certbot renew --quiet --no-random-sleep-on-renew
    if sudo nginx -t; then sudo systemctl reload nginx && echo "nginx reloaded"; else echo "nginx config test failed; not reloading" >&2; exit 1; fi
    ;;
  --add)
    d=${2:?domain}
    sudo certbot --nginx -d "$d" --redirect --non-interactive --agree-tos -m "${CERTBOT_EMAIL:?set CERTBOT_EMAIL}"
    ;;
  *) echo "usage: renew.sh --check|--renew|--add DOMAIN" >&2; exit 2 ;;
esac
