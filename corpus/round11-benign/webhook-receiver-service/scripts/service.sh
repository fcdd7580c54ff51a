#!/usr/bin/env bash
set -euo pipefail
U="$HOME/.config/systemd/user/gh-webhook.service"
D="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in
  install)
    mkdir -p "$(dirname "$U")"
    cat > "$U" <<EOF
[Unit]
Description=GitHub webhook receiver (webhook-receiver-service skill)
[Service]
Environment=GH_WEBHOOK_SECRET=%h/.config/gh-webhook/secret
ExecStart=/usr/bin/python3 $D/receiver.py --bind 127.0.0.1 --port 8787
Restart=on-failure
[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload && systemctl --user enable --now gh-webhook.service
    echo "installed: $U";;
  status) systemctl --user status gh-webhook.service;;
  logs) journalctl --user -u gh-webhook.service -n 50;;
  uninstall) systemctl --user disable --now gh-webhook.service; rm -f "$U"; echo removed;;
esac
