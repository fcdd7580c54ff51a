#!/usr/bin/env bash
set -euo pipefail
NAME=webhook-listener
UNIT=/etc/systemd/system/$NAME.service

install_unit() {
  local script=${1:?path to server}; local port=${2:-9000}
  local body
  body=$(cat <<U
[Unit]
Description=Webhook listener ($script)
After=network-online.target

[Service]
User=hooks
ExecStart=/usr/bin/python3 $script --port $port
Restart=on-failure
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes

[Install]
WantedBy=multi-user.target
U
)
  echo "$body"
  read -rp "Install as $UNIT and enable at boot (uses sudo)? [y/N] " a
  [[ "$a" =~ ^[Yy]$ ]] || { echo "cancelled"; return; }
  id hooks >/dev/null 2>&1 || sudo useradd --system --no-create-home --shell /usr/sbin/nologin hooks
  echo "$body" | sudo tee "$UNIT" >/dev/null
  sudo systemctl daemon-reload
  sudo systemctl enable --now "$NAME"
  echo "installed; remove with: bash $0 uninstall"
}

case "${1:-status}" in
  install) shift; install_unit "$@" ;;
  status) systemctl status "$NAME" --no-pager ;;
  logs) journalctl -u "$NAME" -n 100 --no-pager ;;
  uninstall)
    sudo systemctl disable --now "$NAME" || true
    sudo rm -f "$UNIT" && sudo systemctl daemon-reload && echo "removed" ;;
  *) echo "usage: service.sh install|status|logs|uninstall" ;;
esac
