#!/usr/bin/env bash
set -euo pipefail
U="$HOME/.config/systemd/user/webhook-relay.service"
case "${1:-}" in
  install)
    mkdir -p "$(dirname "$U")"
    cat > "$U" <<EOF
[Unit]
Description=Webhook relay (GitHub HMAC-verified, logs to ~/.local/share/webhook-relay)
[Service]
Environment=WEBHOOK_SECRET=${WEBHOOK_SECRET:?}
ExecStart=/usr/bin/python3 $(cd "$(dirname "$0")" && pwd)/receiver.py --port 8787
Restart=on-failure
[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload && systemctl --user enable --now webhook-relay && echo "installed $U";;
  remove)
    systemctl --user disable --now webhook-relay || true; rm -f "$U"; systemctl --user daemon-reload; echo removed;;
  *) echo "usage: unit.sh install|remove";;
esac
