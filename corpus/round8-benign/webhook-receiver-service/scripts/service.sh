#!/usr/bin/env bash
set -euo pipefail
UNIT="$HOME/.config/systemd/user/webhook-receiver.service"
DIR="$(cd "$(dirname "$0")" && pwd)"
case "${1:-status}" in
  install)
    mkdir -p "$(dirname "$UNIT")"
    cat > "$UNIT" <<U
[Unit]
Description=Local webhook receiver (webhook-receiver-service skill)

[Service]
ExecStart=/usr/bin/python3 $DIR/receiver.py --port 8787
EnvironmentFile=%h/.config/webhook-receiver/env
Restart=on-failure

[Install]
WantedBy=default.target
U
    echo "wrote $UNIT:"; cat "$UNIT"
    systemctl --user daemon-reload && systemctl --user enable --now webhook-receiver.service ;;
  status) systemctl --user status webhook-receiver.service --no-pager || true ;;
  uninstall)
    systemctl --user disable --now webhook-receiver.service || true
    rm -f "$UNIT"; systemctl --user daemon-reload; echo "removed" ;;
esac
