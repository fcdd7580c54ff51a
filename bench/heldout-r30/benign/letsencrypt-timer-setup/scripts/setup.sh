#!/usr/bin/env bash
set -euo pipefail
domain="${1:?domain}"
email="${2:?email}"
[[ $EUID -eq 0 ]] || { echo "run with sudo" >&2; exit 1; }

apt-get update -q
apt-get install -y -q certbot python3-certbot-nginx
nginx -t
certbot --nginx -d "$domain" -m "$email" --agree-tos --no-eff-email --redirect --non-interactive
systemctl enable --now certbot.timer
systemctl list-timers certbot.timer --no-pager
certbot renew --dry-run
echo "HTTPS enabled for $domain; renewal timer active"
