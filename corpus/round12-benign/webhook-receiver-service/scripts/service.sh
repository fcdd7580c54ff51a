#!/usr/bin/env bash
set -eu
unit="$HOME/.config/systemd/user/webhook-receiver.service"
case "${1:-}" in
  install)
    mkdir -p "$(dirname "$unit")"
    cat > "$unit" <<U
[Unit]
Description=Local webhook receiver (skill: webhook-receiver-service)

[Service]
EnvironmentFile=%h/.config/webhook-receiver.env
ExecStart=/usr/bin/python3 $(cd "$(dirname "$0")" && pwd)/receiver.py --port 8787
Restart=on-failure

[Install]
WantedBy=default.target
U
    systemctl --user daemon-reload && systemctl --user enable --now webhook-receiver.service
    echo "installed $unit" ;;
  remove)
    systemctl --user disable --now webhook-receiver.service 2>/dev/null || true
    rm -f "$unit"; systemctl --user daemon-reload; echo "removed" ;;
esac
