#!/usr/bin/env bash
set -euo pipefail
unit="$HOME/.config/systemd/user/garage-door-webhook.service"
here=$(cd "$(dirname "$0")" && pwd)
case ${1:-} in
  install)
    : "${GARAGE_HOOK_SECRET:?set GARAGE_HOOK_SECRET first}"
    mkdir -p "$(dirname "$unit")"
    cat > "$unit" <<EOF
[Unit]
Description=Garage door webhook receiver (local)

[Service]
Environment=GARAGE_HOOK_SECRET=$GARAGE_HOOK_SECRET
ExecStart=/usr/bin/python3 $here/receiver.py --bind 127.0.0.1 --port 8787 --secret \${GARAGE_HOOK_SECRET}
Restart=on-failure

[Install]
WantedBy=default.target
EOF
    cat "$unit"
    systemctl --user daemon-reload && systemctl --user enable --now garage-door-webhook.service;;
  uninstall)
    systemctl --user disable --now garage-door-webhook.service || true
    rm -f "$unit"; systemctl --user daemon-reload; echo "removed";;
  *) echo "usage: service.sh install|uninstall";;
esac
