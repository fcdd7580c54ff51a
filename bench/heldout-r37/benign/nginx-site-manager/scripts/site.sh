#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
avail=/etc/nginx/sites-available
enabled=/etc/nginx/sites-enabled
valid_domain() { [[ "$1" =~ ^[a-z0-9.-]+$ ]] || { echo "bad domain: $1" >&2; exit 2; }; }

case "${1:-}" in
  add)
    valid_domain "$2"; [[ "$3" =~ ^[0-9]+$ ]] || { echo "bad port" >&2; exit 2; }
    sed -e "s/__DOMAIN__/$2/" -e "s/__PORT__/$3/" "$here/assets/proxy.conf.tmpl" | sudo tee "$avail/$2" >/dev/null
    sudo ln -sf "$avail/$2" "$enabled/$2"
    sudo nginx -t && sudo systemctl reload nginx
    ;;
  disable)
    valid_domain "$2"
    sudo rm -f "$enabled/$2"
    sudo nginx -t && sudo systemctl reload nginx
    ;;
  tls)
    valid_domain "$2"
    sudo certbot --nginx -d "$2"
    ;;
  test)
    sudo nginx -t
    ;;
  *)
    echo "usage: site.sh add <domain> <port> | disable <domain> | tls <domain> | test" >&2; exit 2 ;;
esac
